-- The counter finds a member by the phone's last four digits (尾号, issue 25), listed in phone order.
create index member_phone_last_four on member (right(phone, 4), phone);
