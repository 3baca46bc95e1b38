import type { PageMap } from '../../shared/navigation/pages';

/** The messaging-account pages by menu `component` name, each its own lazily loaded chunk, with the code needed to see it. */
export const wxmpPages: PageMap = {
  'views/wxmp/wxapp/index': { load: () => import('./accounts/AccountsPage'), permission: 'wxmp:wxapp:index' },
  'views/wxmp/wxuser/index': { load: () => import('./followers/FollowersPage'), permission: 'wxmp:wxuser:index' },
  'views/wxmp/wxusertags/index': { load: () => import('./tags/TagsPage'), permission: 'wxmp:wxusertags:index' },
  'views/wxmp/wxmaterial/index': { load: () => import('./materials/MaterialsPage'), permission: 'wxmp:wxmaterial:index' },
  // The bell opens each follower's conversation in this one tab (`?appId&wxUserId`), not a tab each.
  'views/wxmp/wxmsg/index': { load: () => import('./wxmsg/WxMsgPage'), permission: 'wxmp:wxmsg:index', singleTab: true },
  'views/wxmp/wxautoreply/index': { load: () => import('./autoreply/AutoReplyPage'), permission: 'wxmp:wxautoreply:index' },
  // Reading the menu (GET /weixin/wxmenu/list) takes get, not index.
  'views/wxmp/wxmenu/index': { load: () => import('./menu/MenuPage'), permission: 'wxmp:wxmenu:get' },
};
