import { addMessages } from '../../shared/i18n';
import '../../shared/resource/messages';

/** Texts of the personal-information page (key `profile`). */
addMessages(
  'profile',
  {
    title: '个人信息', basic: '基本信息', password: '修改密码', username: '用户名', nickname: '昵称', phone: '手机号',
    dept: '所属部门', avatar: '头像', changeAvatar: '更换头像', avatarHint: '支持 bmp、png、jpeg、jpg、gif，小于2M',
    oldPassword: '原密码', newPassword: '新密码', confirmPassword: '确认密码', oldRequired: '请输入原密码',
    confirmRequired: '请再次输入密码', mismatch: '两次输入密码不一致!', save: '保存', reset: '重置',
    saved: '修改成功', avatarSaved: '头像已更新', passwordSaved: '密码已修改',
    smsCode: '短信验证码', smsCodePlaceholder: '请输入短信验证码', smsCodeHint: '修改手机号需验证新手机号码：验证码将发送到新号码',
    sendCode: '获取验证码', resend: '{{n}}秒后重新获取', codeSent: '验证码已发送',
  },
  {
    title: 'Personal information', basic: 'Profile', password: 'Change password', username: 'User name', nickname: 'Nickname', phone: 'Phone',
    dept: 'Department', avatar: 'Avatar', changeAvatar: 'Change avatar', avatarHint: 'bmp, png, jpeg, jpg or gif, under 2M',
    oldPassword: 'Current password', newPassword: 'New password', confirmPassword: 'Confirm password', oldRequired: 'Enter the current password',
    confirmRequired: 'Enter the password again', mismatch: 'The two passwords differ!', save: 'Save', reset: 'Reset',
    saved: 'Saved', avatarSaved: 'Avatar updated', passwordSaved: 'Password changed',
    smsCode: 'SMS code', smsCodePlaceholder: 'Enter the SMS code', smsCodeHint: 'A new phone number is verified: the code is sent to the new number',
    sendCode: 'Get code', resend: 'Again in {{n}} s', codeSent: 'Code sent',
  },
);
