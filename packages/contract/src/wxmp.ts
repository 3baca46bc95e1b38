import { z } from 'zod';
import { controlCharsMessage, hasControlChars } from './text.js';
import { pageQuerySchema } from './paging.js';
import { storedReplySchema } from './reply.js';

/**
 * Messaging-account shapes (`apps/server/src/modules/wxmp`): accounts, followers, tags,
 * materials and conversation messages, requests and answers. Ids are strings.
 */

export const idString = z.string().regex(/^\d{1,19}$/, '必须是数字 id');
export const appIdField = z.string({ error: '请选择公众号' }).trim().min(1, '请选择公众号').max(64, 'AppID 过长');
const optionalText = (max: number, label: string) => z.string().max(max, `${label}不能超过${max}个字符`).refine((v) => !hasControlChars(v), controlCharsMessage(label)).nullish();

export const accountSchema = z.object({
  id: z.string(),
  appId: z.string(),
  name: z.string(),
  weixinType: z.string(),
  verifyType: z.string(),
  weixinSign: z.string(),
  secret: z.string().describe('masked'),
  token: z.string().describe('masked'),
  aesKey: z.string().describe('masked'),
  msgMode: z.enum(['plain', 'compatible', 'safe']),
  logo: z.string().nullable(),
  principalName: z.string().nullable(),
  remarks: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});

export const accountInputSchema = z.object({
  id: idString.optional(),
  name: z.string({ error: '请填写公众号名称' }).trim().min(1, '请填写公众号名称').max(64, '公众号名称不能超过64个字符'),
  weixinType: z.enum(['0', '1', '2'], { error: '公众号类型不正确' }).optional(),
  verifyType: z.enum(['-1', '0', '1', '2', '3', '4', '5'], { error: '认证类型不正确' }).optional(),
  weixinSign: z.string({ error: '请填写微信原始ID' }).trim().min(1, '请填写微信原始ID').max(64, '微信原始ID过长'),
  appId: z.string({ error: '请填写 AppID' }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'AppID 只能包含字母、数字、下划线和横线'),
  secret: z.string().trim().max(128, 'AppSecret 过长').optional(),
  token: z.string().trim().max(64, 'Token 过长').refine((v) => v === '' || v.includes('*') || /^[A-Za-z0-9]{3,32}$/.test(v), 'Token 必须为3-32位字母或数字').optional(),
  aesKey: z.string().trim().refine((v) => v === '' || v.includes('*') || /^[A-Za-z0-9]{43}$/.test(v), 'EncodingAESKey 必须为43位字母或数字').nullish(),
  msgMode: z.enum(['plain', 'compatible', 'safe'], { error: '消息加解密方式必须是 plain、compatible 或 safe' }).optional(),
  logo: optionalText(1024, 'logo 地址'),
  principalName: optionalText(128, '主体名称'),
  remarks: optionalText(500, '备注'),
});

export const accountAccessSchema = z.object({
  appId: z.string(),
  url: z.string(),
  token: z.string(),
  aesKey: z.string(),
  msgMode: z.enum(['plain', 'compatible', 'safe']),
});

export const followerSchema = z.object({
  id: z.string(),
  appId: z.string(),
  openId: z.string(),
  unionId: z.string().nullable(),
  subscribe: z.string(),
  subscribeScene: z.string().nullable(),
  subscribeTime: z.string().nullable(),
  subscribeNum: z.number(),
  cancelSubscribeTime: z.string().nullable(),
  nickName: z.string().nullable(),
  headimgUrl: z.string().nullable(),
  sex: z.string().nullable(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  language: z.string().nullable(),
  remark: z.string().nullable(),
  tagidList: z.array(z.number()),
  qrSceneStr: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  lastInteractionTime: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});

export const followerPageQuery = pageQuerySchema.extend({
  appId: appIdField,
  nickName: z.string().max(64).optional(),
  tagId: z.coerce.number().int().optional(),
  subscribe: z.enum(['0', '1', '2']).optional(),
});

export const syncProgressSchema = z.object({
  appId: z.string(),
  state: z.enum(['idle', 'running', 'done', 'failed']),
  total: z.number(),
  done: z.number(),
  percent: z.number(),
  message: z.string().nullable(),
  startTime: z.string().nullable(),
  finishTime: z.string().nullable(),
});

/** `PUT /weixin/wxuser/remark`. */
export const followerRemarkSchema = z.object({ id: idString, remark: z.string().trim().refine((v) => !hasControlChars(v), controlCharsMessage('备注')), appId: appIdField.optional() });

/** `PUT /weixin/wxuser/tagid-list`: tags the chosen followers, or takes the tags off. */
export const followerTaggingSchema = z.object({
  taggingType: z.enum(['tagging', 'unTagging'], { error: 'taggingType 必须是 tagging 或 unTagging' }),
  appId: appIdField,
  tagIds: z.array(z.coerce.number().int(), { error: '请选择标签' }).min(1, '请选择标签').max(20, '一次最多选择20个标签'),
  openIds: z.array(z.string().min(1).max(64), { error: '请选择用户' }).min(1, '请选择用户').max(1000, '一次最多选择1000个用户'),
});

export const tagSchema = z.object({ id: z.number(), name: z.string(), count: z.number() });
const tagName = z.string({ error: '请填写标签名' }).trim().min(1, '请填写标签名').max(30, '标签名长度不能超过30个字符');
export const tagCreateSchema = z.object({ appId: appIdField, name: tagName });
export const tagUpdateSchema = z.object({ appId: appIdField, id: z.coerce.number().int(), name: tagName });

export const articleInputSchema = z.object({
  title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(64, '标题不能超过64个字符').refine((v) => !hasControlChars(v), controlCharsMessage('标题')),
  thumbMediaId: z.string({ error: '请选择封面图片' }).min(1, '请选择封面图片'),
  author: z.string().max(8, '作者不能超过8个字符').refine((v) => !hasControlChars(v), controlCharsMessage('作者')).nullish(),
  digest: z.string().max(120, '摘要不能超过120个字符').refine((v) => !hasControlChars(v), controlCharsMessage('摘要')).nullish(),
  content: z.string({ error: '请填写正文' }).min(1, '请填写正文').max(200_000, '正文过长'),
  contentSourceUrl: z.string().max(1024).refine((v) => v === '' || /^https?:\/\//i.test(v), '原文地址必须以 http:// 或 https:// 开头').nullish(),
  showCoverPic: z.coerce.number().int().min(0).max(1).optional(),
  needOpenComment: z.coerce.number().int().min(0).max(1).optional(),
  onlyFansCanComment: z.coerce.number().int().min(0).max(1).optional(),
});
const articles = z.array(articleInputSchema, { error: '请填写图文' }).min(1, '至少需要一篇图文').max(8, '一条图文素材最多8篇文章');
export const newsCreateSchema = z.object({ appId: appIdField, articles });
export const newsUpdateSchema = z.object({ appId: appIdField, mediaId: z.string().min(1, '缺少 mediaId'), articles });

export const materialTypes = ['image', 'voice', 'video', 'thumb', 'news'] as const;
export const materialSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  type: z.enum(materialTypes),
  name: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string().nullable(),
  introduction: z.string().nullable(),
  size: z.number().nullable(),
  updateTime: z.string().nullable(),
  content: z.object({ articles: z.array(z.record(z.string(), z.unknown())) }).nullable(),
});
/** `GET /weixin/wxmaterial/page`: one page of the local mirror. */
export const materialPageSchema = z.object({ items: z.array(materialSchema), totalCount: z.number() });

export const materialPageQuery = pageQuerySchema.extend({
  appId: appIdField,
  type: z.enum(materialTypes, { error: '素材类型必须是 image、voice、video、thumb 或 news' }),
  size: z.coerce.number().int().min(1, '每页条数至少为1').max(100, '每页条数不能超过100').default(20),
});
export const mediaQuery = z.object({ appId: appIdField, mediaId: z.string().min(1, '缺少 mediaId').max(256), fileName: z.string().max(200).optional() });

/** `GET /weixin/wxmaterial/materialVideo`: a video material's title, description and download URL. */
export const videoDetailSchema = z.object({ title: z.string(), description: z.string(), downUrl: z.string() });

/** One message of a conversation (`/weixin/wxmsg`). */
export const conversationMessageSchema = z.object({
  id: z.string(),
  appId: z.string(),
  wxUserId: z.string(),
  openId: z.string(),
  type: z.enum(['1', '2']),
  ...storedReplySchema.omit({ repType: true, content: true }).shape,
  repType: z.string(),
  repEvent: z.string().nullable(),
  content: z.unknown(),
  repLocationX: z.number().nullable(),
  repLocationY: z.number().nullable(),
  repScale: z.number().nullable(),
  readFlag: z.enum(['0', '1']),
  msgId: z.string().nullable(),
  eventKey: z.string().nullable(),
  nickName: z.string().nullable(),
  headimgUrl: z.string().nullable(),
  appName: z.string().nullable(),
  appLogo: z.string().nullable(),
  createTime: z.string(),
  mediaUrl: z.string().nullable(),
  sendStatus: z.enum(['sent', 'failed']).nullable(),
  sendError: z.string().nullable(),
});
/** A row of `GET /weixin/wxmsg/page`; the bell's grouped rows add `countMsg`. */
export const conversationPageRowSchema = conversationMessageSchema.extend({ countMsg: z.number().optional() });

export type MsgMode = z.infer<typeof accountSchema>['msgMode'];
export type WxAccount = z.infer<typeof accountSchema>;
export type WxAccessInfo = z.infer<typeof accountAccessSchema>;
export type WxFollower = z.infer<typeof followerSchema>;
export type WxSyncProgress = z.infer<typeof syncProgressSchema>;
export type WxUserTag = z.infer<typeof tagSchema>;
export type WxArticleInput = z.infer<typeof articleInputSchema>;
export type WxMaterial = z.infer<typeof materialSchema>;
export type WxMaterialPage = z.infer<typeof materialPageSchema>;
export type WxVideoDetail = z.infer<typeof videoDetailSchema>;
export type WxConversationMessage = z.infer<typeof conversationMessageSchema>;
export type WxConversationPageRow = z.infer<typeof conversationPageRowSchema>;
