/**
 * The specification's error catalogue (section 8): the message shown for a failed call whose
 * body carries no `msg`. Keys are HTTP statuses; `000` is the client's own repeat-request guard.
 */
export const statusMessagesZh: Record<string, string> = {
  '000': '操作太频繁，请勿重复请求',
  '401': '登录过期',
  '403': '当前操作没有权限',
  '404': '资源不存在',
  '417': '未绑定登录账号，请使用密码登录后绑定',
  '426': '用户名不存在或密码错误',
  '428': '验证码错误,请重新输入',
  '429': '请求过频繁',
  '503': '服务不可用，请确保服务已启动',
  default: '系统未知错误,请反馈给管理员',
};

export const statusMessagesEn: Record<string, string> = {
  '000': 'Operation too frequent, do not repeat the request',
  '401': 'Login expired',
  '403': 'No permission for this operation',
  '404': 'Resource does not exist',
  '417': 'Login account not bound, log in with password and bind',
  '426': 'Username does not exist or wrong password',
  '428': 'Captcha wrong, re-enter',
  '429': 'Requests too frequent',
  '503': 'Service unavailable, ensure the service is started',
  default: 'Unknown system error, report to the administrator',
};

/** Text shown on a 401 before the client signs out. */
export const loginExpiredZh = '登录过期，请重新登录';

export const statusMessage = (status: number | string, lang: 'zh' | 'en' = 'zh'): string => {
  const table = lang === 'zh' ? statusMessagesZh : statusMessagesEn;
  return table[String(status)] ?? (table.default as string);
};
