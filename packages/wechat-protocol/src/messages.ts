import { WechatXmlError } from './errors.js';
import { fromXmlObject, toXmlObject } from './fields.js';
import { buildXml, parseXml, type ParseXmlOptions } from './xml.js';

// ---------------------------------------------------------------------------------------------
// Incoming pushes (follower → account)
// ---------------------------------------------------------------------------------------------

/** Fields every push carries. `createTime` is in unix seconds. */
export interface PushBase {
  /** The account's original id (`gh_…`). */
  toUserName: string;
  /** The follower's OpenID. */
  fromUserName: string;
  createTime: number;
}

/** Normal (non-event) messages carry a 64-bit MsgId, kept as a string. */
export interface NormalMessageBase extends PushBase {
  msgId: string;
  /** Present when the message relates to an article. */
  msgDataId?: string;
  idx?: number;
}

export interface TextMessage extends NormalMessageBase {
  msgType: 'text';
  content: string;
  /** Set when the follower tapped an option of a customer-service `msgmenu`. */
  bizmsgmenuid?: string;
}
export interface ImageMessage extends NormalMessageBase {
  msgType: 'image';
  picUrl: string;
  mediaId: string;
}
export interface VoiceMessage extends NormalMessageBase {
  msgType: 'voice';
  mediaId: string;
  /** `amr` or `speex`. */
  format: string;
  /** Speech recognition result, only when switched on for the account. */
  recognition?: string;
}
export interface VideoMessage extends NormalMessageBase {
  msgType: 'video';
  mediaId: string;
  thumbMediaId: string;
}
export interface ShortVideoMessage extends NormalMessageBase {
  msgType: 'shortvideo';
  mediaId: string;
  thumbMediaId: string;
}
export interface LocationMessage extends NormalMessageBase {
  msgType: 'location';
  /** Latitude. */
  locationX: number;
  /** Longitude. */
  locationY: number;
  scale: number;
  label: string;
}
export interface LinkMessage extends NormalMessageBase {
  msgType: 'link';
  title: string;
  description: string;
  url: string;
}

export interface EventBase extends PushBase {
  msgType: 'event';
}
export interface SubscribeEvent extends EventBase {
  event: 'subscribe';
  /** `qrscene_<scene>` when the follow came from a parametric QR code. */
  eventKey?: string;
  ticket?: string;
}
export interface UnsubscribeEvent extends EventBase {
  event: 'unsubscribe';
}
export interface ScanEvent extends EventBase {
  event: 'SCAN';
  eventKey: string;
  ticket?: string;
}
export interface LocationEvent extends EventBase {
  event: 'LOCATION';
  latitude: number;
  longitude: number;
  precision: number;
}
export interface ClickEvent extends EventBase {
  event: 'CLICK';
  eventKey: string;
}
export interface ViewEvent extends EventBase {
  event: 'VIEW';
  /** The URL the follower is leaving for. */
  eventKey: string;
  menuId?: string;
}
export interface ScanCodeInfo {
  scanType: string;
  scanResult: string;
}
export interface ScancodeEvent extends EventBase {
  event: 'scancode_push' | 'scancode_waitmsg';
  eventKey: string;
  scanCodeInfo: ScanCodeInfo;
}
export interface SendPicsInfo {
  count: number;
  picList: { picMd5Sum: string }[];
}
export interface PicEvent extends EventBase {
  event: 'pic_sysphoto' | 'pic_photo_or_album' | 'pic_weixin';
  eventKey: string;
  sendPicsInfo: SendPicsInfo;
}
export interface SendLocationInfo {
  locationX: number;
  locationY: number;
  scale: number;
  label: string;
  poiname?: string;
}
export interface LocationSelectEvent extends EventBase {
  event: 'location_select';
  eventKey: string;
  sendLocationInfo: SendLocationInfo;
}
/** Any event this package does not model (TEMPLATESENDJOBFINISH, kf_*…): the router must tolerate it. */
export interface OtherEvent extends EventBase {
  event: 'other';
  /** The `Event` value as pushed. */
  rawEvent: string;
  /** Every field, converted to our field names. */
  fields: Record<string, unknown>;
}
/** A message type this package does not model. */
export interface OtherMessage extends PushBase {
  msgType: 'other';
  rawMsgType: string;
  msgId?: string;
  fields: Record<string, unknown>;
}

export type NormalMessage =
  | TextMessage
  | ImageMessage
  | VoiceMessage
  | VideoMessage
  | ShortVideoMessage
  | LocationMessage
  | LinkMessage;
export type EventMessage =
  | SubscribeEvent
  | UnsubscribeEvent
  | ScanEvent
  | LocationEvent
  | ClickEvent
  | ViewEvent
  | ScancodeEvent
  | PicEvent
  | LocationSelectEvent
  | OtherEvent;
export type InboundMessage = NormalMessage | EventMessage | OtherMessage;

export const NORMAL_MESSAGE_TYPES = ['text', 'image', 'voice', 'video', 'shortvideo', 'location', 'link'] as const;
export const EVENT_TYPES = [
  'subscribe',
  'unsubscribe',
  'SCAN',
  'LOCATION',
  'CLICK',
  'VIEW',
  'scancode_push',
  'scancode_waitmsg',
  'pic_sysphoto',
  'pic_photo_or_album',
  'pic_weixin',
  'location_select',
] as const;
export type NormalMessageType = (typeof NORMAL_MESSAGE_TYPES)[number];
export type KnownEventType = (typeof EVENT_TYPES)[number];

const REQUIRED_MESSAGE_FIELDS: Record<NormalMessageType, string[]> = {
  text: ['content'],
  image: ['picUrl', 'mediaId'],
  voice: ['mediaId', 'format'],
  video: ['mediaId', 'thumbMediaId'],
  shortvideo: ['mediaId', 'thumbMediaId'],
  location: ['locationX', 'locationY', 'scale', 'label'],
  link: ['title', 'description', 'url'],
};
const REQUIRED_EVENT_FIELDS: Record<KnownEventType, string[]> = {
  subscribe: [],
  unsubscribe: [],
  SCAN: ['eventKey'],
  LOCATION: ['latitude', 'longitude', 'precision'],
  CLICK: ['eventKey'],
  VIEW: ['eventKey'],
  scancode_push: ['eventKey', 'scanCodeInfo'],
  scancode_waitmsg: ['eventKey', 'scanCodeInfo'],
  pic_sysphoto: ['eventKey', 'sendPicsInfo'],
  pic_photo_or_album: ['eventKey', 'sendPicsInfo'],
  pic_weixin: ['eventKey', 'sendPicsInfo'],
  location_select: ['eventKey', 'sendLocationInfo'],
};

function invalid(message: string): never {
  throw new WechatXmlError('MESSAGE_INVALID', message);
}

function requireFields(fields: Record<string, unknown>, names: string[], what: string): void {
  for (const name of names) {
    if (fields[name] === undefined) invalid(`${what} lacks ${name}`);
  }
}

function requireNumber(fields: Record<string, unknown>, name: string): void {
  if (typeof fields[name] !== 'number') invalid(`${name} must be a number`);
}

/** Turns parsed fields (our names) into a typed push, checking the fields its type requires. */
export function toInboundMessage(fields: Record<string, unknown>): InboundMessage {
  requireFields(fields, ['toUserName', 'fromUserName', 'createTime', 'msgType'], 'the push');
  requireNumber(fields, 'createTime');
  const msgType = String(fields.msgType);
  if (msgType === 'event') {
    requireFields(fields, ['event'], 'the event');
    const event = String(fields.event);
    // Matched without regard to case (some relays write `click` or `Subscribe`), stored canonical.
    const known = EVENT_TYPES.find((name) => name.toLowerCase() === event.toLowerCase());
    if (known) fields.event = known;
    if (!known) {
      const { toUserName, fromUserName, createTime, msgType: _m, event: _e, ...rest } = fields;
      return { toUserName, fromUserName, createTime, msgType: 'event', event: 'other', rawEvent: event, fields: rest } as OtherEvent;
    }
    requireFields(fields, REQUIRED_EVENT_FIELDS[known], `the ${known} event`);
    if (known === 'LOCATION') ['latitude', 'longitude', 'precision'].forEach((name) => requireNumber(fields, name));
    if (known === 'pic_sysphoto' || known === 'pic_photo_or_album' || known === 'pic_weixin') {
      const info = fields.sendPicsInfo as Record<string, unknown>;
      if (!info || typeof info !== 'object') invalid('SendPicsInfo must be an element');
      info.picList ??= [];
    }
    return fields as unknown as EventMessage;
  }
  if (!(NORMAL_MESSAGE_TYPES as readonly string[]).includes(msgType)) {
    const { toUserName, fromUserName, createTime, msgType: _m, msgId, ...rest } = fields;
    return {
      toUserName,
      fromUserName,
      createTime,
      msgType: 'other',
      rawMsgType: msgType,
      ...(typeof msgId === 'string' ? { msgId } : {}),
      fields: rest,
    } as OtherMessage;
  }
  const type = msgType as NormalMessageType;
  requireFields(fields, ['msgId', ...REQUIRED_MESSAGE_FIELDS[type]], `the ${type} message`);
  if (type === 'location') ['locationX', 'locationY', 'scale'].forEach((name) => requireNumber(fields, name));
  return fields as unknown as NormalMessage;
}

/** Parses a plaintext push body into a typed message (hardened parser; see `parseXml`). */
export function parseInboundMessage(xml: string | Buffer, options?: ParseXmlOptions): InboundMessage {
  return toInboundMessage(fromXmlObject(parseXml(xml, options)));
}

/** Orders fields the way the platform writes them: envelope first, MsgId (and article ids) last. */
function orderedPush(message: InboundMessage): Record<string, unknown> {
  const { toUserName, fromUserName, createTime } = message;
  if (message.msgType === 'other') {
    return { toUserName, fromUserName, createTime, msgType: message.rawMsgType, ...message.fields, msgId: message.msgId };
  }
  if (message.msgType === 'event' && message.event === 'other') {
    return { toUserName, fromUserName, createTime, msgType: 'event', event: message.rawEvent, ...message.fields };
  }
  const { msgId, msgDataId, idx, ...rest } = message as unknown as Record<string, unknown>;
  return { ...rest, msgId, msgDataId, idx };
}

/** Builds the plaintext push XML the platform posts for `message` (used by the simulator and tests). */
export function buildInboundXml(message: InboundMessage): string {
  const fields = orderedPush(message);
  // Put the envelope first regardless of the caller's key order.
  const { toUserName, fromUserName, createTime, msgType, ...rest } = fields;
  return buildXml(toXmlObject({ toUserName, fromUserName, createTime, msgType, ...rest }));
}

// ---------------------------------------------------------------------------------------------
// Passive replies (account → follower, the body of the callback's answer)
// ---------------------------------------------------------------------------------------------

export interface ReplyBase {
  /** The follower's OpenID. */
  toUserName: string;
  /** The account's original id (`gh_…`). */
  fromUserName: string;
  createTime: number;
}
export interface TextReply extends ReplyBase {
  msgType: 'text';
  content: string;
}
export interface ImageReply extends ReplyBase {
  msgType: 'image';
  image: { mediaId: string };
}
export interface VoiceReply extends ReplyBase {
  msgType: 'voice';
  voice: { mediaId: string };
}
export interface VideoReply extends ReplyBase {
  msgType: 'video';
  video: { mediaId: string; title?: string; description?: string };
}
export interface MusicReply extends ReplyBase {
  msgType: 'music';
  music: { title?: string; description?: string; musicUrl?: string; hqMusicUrl?: string; thumbMediaId?: string };
}
export interface NewsArticle {
  title?: string;
  description?: string;
  picUrl?: string;
  url?: string;
}
export interface NewsReply extends ReplyBase {
  msgType: 'news';
  /** The platform delivers only one article since October 2018 (more → not delivered). */
  articles: NewsArticle[];
}
export interface TransferCustomerServiceReply extends ReplyBase {
  msgType: 'transfer_customer_service';
  transInfo?: { kfAccount: string };
}
export type ReplyMessage =
  | TextReply
  | ImageReply
  | VoiceReply
  | VideoReply
  | MusicReply
  | NewsReply
  | TransferCustomerServiceReply;
export type ReplyType = ReplyMessage['msgType'];
export const REPLY_TYPES: readonly ReplyType[] = ['text', 'image', 'voice', 'video', 'music', 'news', 'transfer_customer_service'];

/** Builds the passive reply XML (news gets its ArticleCount). */
export function buildReplyXml(reply: ReplyMessage): string {
  const { toUserName, fromUserName, createTime, msgType, ...rest } = reply;
  const body: Record<string, unknown> = { toUserName, fromUserName, createTime, msgType };
  if (reply.msgType === 'news') {
    body.articleCount = reply.articles.length;
    body.articles = reply.articles;
  } else {
    Object.assign(body, rest);
  }
  return buildXml(toXmlObject(body));
}

/** Parses and checks a passive reply body (plaintext XML). */
export function parseReplyXml(xml: string | Buffer, options?: ParseXmlOptions): ReplyMessage {
  const fields = fromXmlObject(parseXml(xml, options));
  requireFields(fields, ['toUserName', 'fromUserName', 'createTime', 'msgType'], 'the reply');
  requireNumber(fields, 'createTime');
  const msgType = String(fields.msgType);
  if (!(REPLY_TYPES as readonly string[]).includes(msgType)) invalid(`unknown reply type ${msgType}`);
  const need: Record<string, [string, string[]]> = {
    text: ['content', []],
    image: ['image', ['mediaId']],
    voice: ['voice', ['mediaId']],
    video: ['video', ['mediaId']],
    music: ['music', []],
  };
  const rule = need[msgType];
  if (rule) {
    const [field, inner] = rule;
    requireFields(fields, [field], `the ${msgType} reply`);
    const value = fields[field];
    if (inner.length) {
      if (!value || typeof value !== 'object') invalid(`the ${msgType} reply lacks ${field}`);
      requireFields(value as Record<string, unknown>, inner, `the ${msgType} reply`);
    } else if (field === 'music' && (typeof value !== 'object' || value === null)) {
      invalid('the music reply lacks Music');
    }
  }
  if (msgType === 'news') {
    const articles = (fields.articles as unknown[] | undefined) ?? [];
    if (!articles.length) invalid('the news reply has no articles');
    if (fields.articleCount !== undefined && fields.articleCount !== articles.length) {
      invalid('ArticleCount does not match the articles');
    }
    delete fields.articleCount;
    fields.articles = articles;
  }
  return fields as unknown as ReplyMessage;
}

/** An empty body or `success`: the account answers nothing (and the platform does not retry). */
export function isEmptyReply(body: string | Buffer | null | undefined): boolean {
  if (body === null || body === undefined) return true;
  const text = (typeof body === 'string' ? body : body.toString('utf8')).trim();
  return text === '' || text === 'success';
}
