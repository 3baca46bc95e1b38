import { statusMessagesZh, loginExpiredZh } from '@canteen/contract';

/** Chinese texts (the default). The specification's Chinese messages are used verbatim. */
export const zhCN = {
  app: { title: 'Canteen 餐饮门店管理后台', subtitle: '门店 · 会员 · 订单 · 公众号' },
  status: statusMessagesZh,
  http: { loginExpired: loginExpiredZh, network: '网络异常，请检查网络连接', timeout: '请求超时，请稍后重试' },
  login: {
    tabUser: '用户登录', tabPhone: '手机号登录', tabRegister: '注册',
    username: '请输入用户名', password: '请输入密码', code: '请输入验证码', submit: '登 录',
  },
  error: {
    notFound: '抱歉，您访问的页面不存在', forbidden: '抱歉，您无权访问此页面', unauthorized: '抱歉，您需要先登录',
    server: '抱歉，服务器出错了', backHome: '返回首页', toLogin: '去登录',
  },
  language: { zh: '简体中文', en: 'English' },
  // A failed chunk or render (FailureView): here, not with the shell's texts, because the login route shows it too.
  failure: {
    chunkError: '页面加载失败', chunkErrorHint: '网络异常、加载超时或系统已更新，请刷新页面后重试。', reload: '刷新页面',
    renderError: '页面出错了', renderErrorHint: '错误已记录到错误日志。', retry: '重试',
  },
};
