/**
 * TanStack Query keys of the messaging feature, one factory per resource. Every key of a resource
 * starts with its root, the resource's API path (which is also what a `ResourcePage` of that
 * resource lists under), so invalidating the root reads everything of the resource again.
 */
const root = <P extends string>(path: P) => [path] as const;

const accounts = root('/weixin/wxapp');
const followers = root('/weixin/wxuser');
const tags = root('/weixin/wxusertags');
const materials = root('/weixin/wxmaterial');
const messages = root('/weixin/wxmsg');
const menu = root('/weixin/wxmenu');
const autoReplies = root('/weixin/wxautoreply');

export const wxmpKeys = {
  accounts: {
    root: accounts,
    /** The signed-in user's accounts (the account tree of every screen). */
    list: () => [...accounts, 'list'] as const,
    accessInfo: (id: string) => [...accounts, 'access-info', id] as const,
    accessToken: (id: string) => [...accounts, 'access-token', id] as const,
  },
  followers: { root: followers },
  tags: { root: tags, options: (appId: string) => [...tags, 'options', appId] as const },
  materials: {
    root: materials,
    page: (params: { appId: string; type: string; current: number; size: number }) => [...materials, 'page', params] as const,
  },
  messages: {
    root: messages,
    /** Today's figures; `bellCount` is in the key so a moved bell asks again. */
    summary: (since: string, bellCount: number) => [...messages, 'summary', since, bellCount] as const,
  },
  menu: { root: menu, list: (appId: string) => [...menu, 'list', appId] as const },
  autoReplies: { root: autoReplies, detail: (id: string) => [...autoReplies, 'get', id] as const },
};
