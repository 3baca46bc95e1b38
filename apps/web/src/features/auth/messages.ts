import { addMessages } from '../../shared/i18n';

const zh = {
  title: '登录', tabUser: '用户登录', tabPhone: '手机号登录', tabRegister: '注册',
  username: '请输入用户名', usernameRequired: '请输入用户名', password: '请输入密码', code: '请输入验证码', captchaAlt: '验证码，点击刷新', captchaAsked: '请输入图中的验证码（看不清请点击图片换一张）',
  phone: '请输入手机号码', smsCode: '请输入短信验证码', sendCode: '获取验证码', resend: '{{n}}秒后重新获取', codeSent: '验证码已发送',
  submit: '登 录', register: '注 册', confirm: '请再次输入密码', mismatch: '两次输入的密码不一致', nickname: '请输入昵称（可选）',
  phoneOptional: '请输入手机号码（可选）', registered: '注册成功，请登录', authorizing: '正在完成授权登录…', authFailed: '授权登录失败，请重新登录',
  missingParams: '授权参数缺失', backToLogin: '返回登录', otherWays: '其他登录方式',
  providers: { dev: '开发测试授权登录' },
};
const en: typeof zh = {
  title: 'Sign in', tabUser: 'Sign in', tabPhone: 'Phone sign-in', tabRegister: 'Register',
  username: 'User name', usernameRequired: 'Enter the user name', password: 'Password', code: 'Captcha', captchaAlt: 'Captcha, click to refresh', captchaAsked: 'Enter the characters of the picture (click it for another one)',
  phone: 'Mobile number', smsCode: 'SMS code', sendCode: 'Get code', resend: 'Again in {{n}} s', codeSent: 'Code sent',
  submit: 'Sign in', register: 'Register', confirm: 'Repeat the password', mismatch: 'The passwords differ', nickname: 'Nickname (optional)',
  phoneOptional: 'Mobile number (optional)', registered: 'Registered, please sign in', authorizing: 'Completing the authorised sign-in…', authFailed: 'The authorised sign-in failed, sign in again',
  missingParams: 'Authorisation parameters missing', backToLogin: 'Back to sign-in', otherWays: 'Other ways to sign in',
  providers: { dev: 'Development provider' },
};
/** English forms of the shared validators' Chinese messages. */
const rulesEn: Record<string, string> = {
  请输入密码: 'Enter the password', 密码长度最少为6位: 'The password needs 6 to 12 characters', 请输入验证码: 'Enter the code', 验证码长度为4位: 'The code has 4 characters',
  请输入短信验证码: 'Enter the SMS code', 短信验证码为6位数字: 'The SMS code has 6 digits',
  手机号码不能为空: 'The mobile number cannot be empty', 手机号码长度不为11位: 'The mobile number must have 11 digits', 手机号码格式不正确: 'The mobile number format is wrong',
};

addMessages('auth', zh, en);
addMessages('rule', {}, rulesEn);
