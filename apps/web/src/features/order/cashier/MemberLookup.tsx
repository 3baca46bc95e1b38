import { useState } from 'react';
import { Button, Empty, Input, Modal, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type MemberRow } from '@canteen/contract';
import { useDebounced, useMemberLookup } from './api';
import './messages';

export interface MemberLookupProps {
  open: boolean;
  onPick: (member: MemberRow) => void;
  onClose: () => void;
}

/** 查找会员 (F2): by phone or member number as one types; Enter takes the first found. */
export function MemberLookup({ open, onPick, onClose }: MemberLookupProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 250);
  const found = useMemberLookup(keyword);
  const members = keyword === text.trim() ? (found.data ?? []) : [];
  const pick = (m: MemberRow) => {
    onPick(m);
    setText('');
  };
  return (
    <Modal open={open} title={t('orderCashier.member.dialogTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="member-lookup">
        <Input
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => { if (members[0]) pick(members[0]); }}
          placeholder={t('orderCashier.member.placeholder')}
          aria-label={t('orderCashier.member.placeholder')}
          data-testid="member-lookup-input"
          inputMode="numeric"
        />
        <Typography.Text type="secondary" style={{ display: 'block', margin: '6px 0 12px' }}>{t('orderCashier.member.hint')}</Typography.Text>
        {found.isFetching && <Spin size="small" />}
        {keyword !== '' && !found.isFetching && members.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderCashier.member.none')} />}
        {members.map((m) => (
          <div
            key={m.id}
            data-testid={`member-found-${m.id}`}
            style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary, #f0f0f0)' }}
          >
            <div>
              <div>
                <Typography.Text strong>{m.name || m.memberNo}</Typography.Text> <Typography.Text type="secondary">{m.phone}</Typography.Text>
                {m.status === 'frozen' && <Tag color="red" style={{ marginLeft: 6 }}>{t('orderCashier.member.frozen')}</Tag>}
              </div>
              <Typography.Text type="secondary">{`${m.levelName} · ${t('orderCashier.member.balance')} ${formatFen(m.balance)}`}</Typography.Text>
            </div>
            <Button type="link" onClick={() => pick(m)}>{t('orderCashier.member.pick')}</Button>
          </div>
        ))}
      </div>
    </Modal>
  );
}
