import { bigint, doublePrecision, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintText, createdAt, idColumn, timestamptz, timestamps } from '../../db/columns.js';

/** The reply fields (specification §3) as columns: messages, automatic replies and menu buttons. */
export const replyColumns = () => ({
  repType: text('rep_type'),
  repContent: text('rep_content'),
  repMediaId: text('rep_media_id'),
  repName: text('rep_name'),
  repDesc: text('rep_desc'),
  repUrl: text('rep_url'),
  repHqUrl: text('rep_hq_url'),
  repThumbMediaId: text('rep_thumb_media_id'),
  repThumbUrl: text('rep_thumb_url'),
  content: jsonb('content').$type<{ articles: Array<Record<string, unknown>> } | null>(),
});

/** Messaging accounts; secrets are sealed (platform/secrets.ts). SQL: 0200_wxmp.sql. */
export const wxApp = pgTable('wx_app', {
  id: idColumn(),
  appId: text('app_id').notNull().unique(),
  name: text('name').notNull(),
  weixinType: text('weixin_type').notNull().default('2'),
  verifyType: text('verify_type').notNull().default('0'),
  weixinSign: text('weixin_sign').notNull(),
  secretEnc: text('secret_enc').notNull(),
  tokenEnc: text('token_enc').notNull(),
  aesKeyEnc: text('aes_key_enc'),
  msgMode: text('msg_mode').notNull().default('plain'),
  logo: text('logo'),
  principalName: text('principal_name'),
  remarks: text('remarks'),
  ...timestamps(),
});

export const wxUser = pgTable('wx_user', {
  id: idColumn(),
  appId: text('app_id').notNull(),
  openId: text('open_id').notNull(),
  unionId: text('union_id'),
  subscribe: text('subscribe').notNull().default('1'),
  subscribeScene: text('subscribe_scene'),
  subscribeTime: timestamptz('subscribe_time'),
  subscribeNum: integer('subscribe_num').notNull().default(0),
  cancelSubscribeTime: timestamptz('cancel_subscribe_time'),
  nickName: text('nick_name'),
  headimgUrl: text('headimg_url'),
  sex: text('sex'),
  country: text('country'),
  province: text('province'),
  city: text('city'),
  language: text('language'),
  remark: text('remark'),
  tagidList: integer('tagid_list').array().notNull().default([]),
  qrSceneStr: text('qr_scene_str'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  precision: doublePrecision('precision'),
  lastInteractionAt: timestamptz('last_interaction_at'),
  ...timestamps(),
});

export const wxUserTag = pgTable('wx_user_tag', {
  appId: text('app_id').notNull(),
  tagId: integer('tag_id').notNull(),
  name: text('name').notNull(),
  fansCount: integer('fans_count').notNull().default(0),
  syncedAt: timestamptz('synced_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.appId, t.tagId] })]);

export interface NewsArticle {
  title: string;
  thumbMediaId: string;
  thumbUrl?: string | null;
  author?: string | null;
  digest?: string | null;
  content: string;
  contentSourceUrl?: string | null;
  showCoverPic?: number;
  url?: string | null;
}

export const wxMaterial = pgTable('wx_material', {
  id: idColumn(),
  appId: text('app_id').notNull(),
  mediaId: text('media_id').notNull(),
  type: text('type').notNull(),
  name: text('name'),
  title: text('title'),
  introduction: text('introduction'),
  wxUrl: text('wx_url'),
  storageKey: text('storage_key'),
  contentType: text('content_type'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  articles: jsonb('articles').$type<NewsArticle[]>(),
  updateTime: timestamptz('update_time').notNull().defaultNow(),
  createdAt: createdAt(),
});

export const wxMsg = pgTable('wx_msg', {
  id: idColumn(),
  appId: text('app_id').notNull(),
  wxUserId: bigintText('wx_user_id').notNull(),
  openId: text('open_id').notNull(),
  type: text('type').notNull(),
  ...replyColumns(),
  repType: text('rep_type').notNull(),
  repEvent: text('rep_event'),
  repLocationX: doublePrecision('rep_location_x'),
  repLocationY: doublePrecision('rep_location_y'),
  repScale: doublePrecision('rep_scale'),
  readFlag: text('read_flag').notNull().default('1'),
  msgId: text('msg_id'),
  pushKey: text('push_key'),
  eventKey: text('event_key'),
  mediaStorageKey: text('media_storage_key'),
  nickName: text('nick_name'),
  headimgUrl: text('headimg_url'),
  appName: text('app_name'),
  appLogo: text('app_logo'),
  createTime: timestamptz('create_time').notNull().defaultNow(),
  /** Outgoing messages: whether the platform took it ('sent') or refused it ('failed'), and why. */
  sendStatus: text('send_status').$type<'sent' | 'failed'>(),
  sendError: text('send_error'),
});

/**
 * The bell's summary, one row per follower with unread messages. Kept by the triggers on
 * wx_msg (0211_wx_unread.sql, 0212): the application only reads it.
 */
export const wxUnread = pgTable('wx_unread', {
  wxUserId: bigintText('wx_user_id').primaryKey(),
  appId: text('app_id').notNull(),
  countMsg: integer('count_msg').notNull(),
  lastTime: timestamptz('last_time').notNull(),
  lastMsgId: bigintText('last_msg_id').notNull(),
});

export const wxCallbackSeen = pgTable('wx_callback_seen', {
  appId: text('app_id').notNull(),
  dedupKey: text('dedup_key').notNull(),
  reply: text('reply'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.appId, t.dedupKey] })]);
