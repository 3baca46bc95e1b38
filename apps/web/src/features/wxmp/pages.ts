import type { ComponentType } from 'react';

/** The messaging-account pages by menu `component` name, each its own lazily loaded chunk. */
export const wxmpPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  'views/wxmp/wxapp/index': () => import('./accounts/AccountsPage'),
  'views/wxmp/wxuser/index': () => import('./followers/FollowersPage'),
  'views/wxmp/wxusertags/index': () => import('./tags/TagsPage'),
  'views/wxmp/wxmaterial/index': () => import('./materials/MaterialsPage'),
  'views/wxmp/wxmsg/index': () => import('./wxmsg/WxMsgPage'),
  'views/wxmp/wxautoreply/index': () => import('./autoreply/AutoReplyPage'),
  'views/wxmp/wxmenu/index': () => import('./menu/MenuPage'),
};
