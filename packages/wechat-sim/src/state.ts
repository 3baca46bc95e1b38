import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimClock } from './clock.js';
import { emptyPayData, type PayData } from './pay/state.js';

export type MessageMode = 'plain' | 'compatible' | 'safe';

export interface SimAccount {
  appId: string;
  secret: string;
  token: string;
  /** The 43-character EncodingAESKey. */
  encodingAesKey: string;
  /** The original id (`gh_…`), the ToUserName of every push. */
  originalId: string;
  name: string;
  /** 明文 plain, 兼容 compatible or 安全 safe (encrypted) pushes. */
  mode: MessageMode;
  /** Where pushes go (the product's `/weixin/portal/{appId}`); null: nowhere. */
  callbackUrl: string | null;
  /** `add_news` / `update_news` answer 45103 as on today's platform. */
  retiredNewsApi: boolean;
  /** `user/info` still returns nickname and headimgurl (the platform stopped in 2021). */
  legacyProfile: boolean;
  /** Enforce the customer-service quota per trigger (5 per follower message, 3 per click/follow/scan). */
  enforceCustomQuota: boolean;
  createdAt: number;
}

/** A permission to send customer-service messages, granted by a follower's interaction. */
export interface SendGrant {
  kind: 'message' | 'click' | 'subscribe' | 'scan';
  at: number;
  expiresAt: number;
  remaining: number;
}

export interface SimFollower {
  appId: string;
  openid: string;
  nickname: string;
  /** File id of the avatar picture. */
  avatarFileId: string | null;
  sex: 0 | 1 | 2;
  city: string;
  province: string;
  country: string;
  language: string;
  subscribed: boolean;
  /** Unix seconds of the latest follow. */
  subscribeTime: number;
  subscribeScene: string;
  qrScene: number;
  qrSceneStr: string;
  remark: string;
  tagIds: number[];
  unionid: string | null;
  subscribeCount: number;
  unsubscribedAt: number | null;
  grants: SendGrant[];
  /** Last reported position (LOCATION events and location messages). */
  location: { latitude: number; longitude: number } | null;
}

export interface SimTag {
  appId: string;
  id: number;
  name: string;
}

export interface SimFile {
  id: string;
  data: Buffer;
  contentType: string;
  filename: string;
}

export type MaterialType = 'image' | 'voice' | 'video' | 'thumb' | 'news';

export interface NewsItem {
  title: string;
  thumb_media_id: string;
  author: string;
  digest: string;
  show_cover_pic: number;
  content: string;
  content_source_url: string;
  need_open_comment: number;
  only_fans_can_comment: number;
}

export interface SimMaterial {
  appId: string;
  mediaId: string;
  type: MaterialType;
  name: string;
  fileId: string | null;
  title: string;
  introduction: string;
  articles: NewsItem[];
  createdAt: number;
  updatedAt: number;
}

/** A draft (草稿箱) or a published article (发布); drafts replace the retired news materials. */
export interface SimDraft {
  appId: string;
  mediaId: string;
  articles: NewsItem[];
  createdAt: number;
  updatedAt: number;
}

export interface SimPublished {
  appId: string;
  publishId: string;
  articleId: string;
  msgDataId: string;
  articles: NewsItem[];
  deleted: boolean[];
  createdAt: number;
  updatedAt: number;
}

export type TempMediaType = 'image' | 'voice' | 'video' | 'thumb';

export interface SimTempMedia {
  appId: string;
  mediaId: string;
  type: TempMediaType;
  fileId: string;
  createdAt: number;
}

export interface SimMenu {
  appId: string;
  menuid: string;
  button: MenuButton[];
}

export interface MenuButton {
  type?: string;
  name: string;
  key?: string;
  url?: string;
  media_id?: string;
  article_id?: string;
  appid?: string;
  pagepath?: string;
  sub_button?: MenuButton[];
}

export interface SimAccessToken {
  token: string;
  appId: string;
  kind: 'token' | 'stable';
  issuedAt: number;
  expiresAt: number;
  /** After this moment the token answers 40001 (a newer one replaced it). */
  supersededAt: number | null;
}

/** One line of a follower's conversation as the follower sees it. */
export interface ConversationEntry {
  seq: number;
  appId: string;
  openid: string;
  at: number;
  /** in: follower → account; out: account → follower; system: the platform's own notice. */
  direction: 'in' | 'out' | 'system';
  source: 'follower' | 'passive' | 'custom' | 'platform';
  msgType: string;
  /** in: the push's fields; out: the reply (passive) or the send body (custom); system: { content }. */
  payload: Record<string, unknown>;
  deliveryId?: string;
}

export interface DeliveryAttempt {
  at: number;
  durationMs: number;
  status: number | null;
  error: string | null;
}

export type DeliveryOutcome = 'replied' | 'empty' | 'ignored' | 'failed' | 'invalid_reply' | 'no_callback';

export interface Delivery {
  id: string;
  appId: string;
  openid: string;
  at: number;
  mode: MessageMode;
  msgType: string;
  event: string | null;
  msgId: string | null;
  /** The plaintext push XML. */
  xml: string;
  /** What was posted (ciphertext envelope in safe mode). */
  body: string;
  query: Record<string, string>;
  attempts: DeliveryAttempt[];
  outcome: DeliveryOutcome;
  /** The raw answer body of the last successful attempt. */
  responseBody: string | null;
  /** The decrypted passive reply XML (safe mode) or the plaintext answer. */
  replyXml: string | null;
  reply: Record<string, unknown> | null;
  error: string | null;
}

export interface SentCustomMessage {
  id: string;
  appId: string;
  openid: string;
  at: number;
  msgtype: string;
  body: Record<string, unknown>;
}

export interface Fault {
  id: string;
  /** A platform path such as `/cgi-bin/message/custom/send`, or `*`. */
  path: string;
  appId: string | null;
  /** The error to answer, or null to answer normally (after the delay). */
  errcode: number | null;
  errmsg: string | null;
  /** Milliseconds to wait before answering (a slow platform). */
  delayMs: number;
  remaining: number;
}

/** All of the simulator's state; plain data so it can be written to JSON. */
export interface SimData {
  accounts: SimAccount[];
  followers: SimFollower[];
  tags: SimTag[];
  files: SimFile[];
  materials: SimMaterial[];
  drafts: SimDraft[];
  published: SimPublished[];
  tempMedia: SimTempMedia[];
  menus: SimMenu[];
  tokens: SimAccessToken[];
  conversation: ConversationEntry[];
  deliveries: Delivery[];
  sent: SentCustomMessage[];
  faults: Fault[];
  /** `${appId} ${path} ${day}` → calls made that day. */
  quotaUsed: Record<string, number>;
  /** `${appId} ${path}` → daily limit override. */
  quotaLimits: Record<string, number>;
  seq: number;
  nextTagId: Record<string, number>;
  clockOffsetMs: number;
  /** The pay API's merchants, payments, refunds and notifications. */
  pay: PayData;
}

export function emptyData(): SimData {
  return {
    accounts: [],
    followers: [],
    tags: [],
    files: [],
    materials: [],
    drafts: [],
    published: [],
    tempMedia: [],
    menus: [],
    tokens: [],
    conversation: [],
    deliveries: [],
    sent: [],
    faults: [],
    quotaUsed: {},
    quotaLimits: {},
    seq: 0,
    nextTagId: {},
    clockOffsetMs: 0,
    pay: emptyPayData(),
  };
}

/** A random id in the platform's style (letters, digits, `-` and `_`). */
export function randomId(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Keeps the simulator's data in memory and, with a data directory, in `wechat-sim.json`. */
export class SimStore {
  data: SimData = emptyData();
  private saveTimer: NodeJS.Timeout | null = null;
  private readonly path: string | null;

  constructor(
    readonly clock: SimClock,
    dataDir: string | null,
  ) {
    this.path = dataDir ? join(dataDir, 'wechat-sim.json') : null;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
  }

  /** Loads the saved state; false when there is none (the caller then seeds). */
  load(): boolean {
    if (!this.path) return false;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return false;
    }
    let saved: Omit<SimData, 'files'> & { files: (Omit<SimFile, 'data'> & { data: string })[] };
    try {
      saved = JSON.parse(text) as typeof saved;
    } catch {
      // A damaged file is kept aside and the simulator starts afresh rather than not at all.
      renameSync(this.path, `${this.path}.damaged-${Date.now()}`);
      return false;
    }
    this.data = {
      ...emptyData(),
      ...saved,
      files: saved.files.map((file) => ({ ...file, data: Buffer.from(file.data, 'base64') })),
    };
    this.clock.set(Date.now() + this.data.clockOffsetMs);
    return true;
  }

  /** Schedules a write of the state file (coalesced). */
  changed(): void {
    if (!this.path || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveNow();
    }, 200);
    this.saveTimer.unref();
  }

  saveNow(): void {
    if (!this.path) return;
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    this.data.clockOffsetMs = this.clock.offset;
    const json = JSON.stringify({ ...this.data, files: this.data.files.map((file) => ({ ...file, data: file.data.toString('base64') })) });
    const temp = `${this.path}.tmp`;
    writeFileSync(temp, json);
    renameSync(temp, this.path);
  }

  nextSeq(): number {
    this.data.seq += 1;
    return this.data.seq;
  }

  account(appId: string): SimAccount | undefined {
    return this.data.accounts.find((account) => account.appId === appId);
  }

  follower(appId: string, openid: string): SimFollower | undefined {
    return this.data.followers.find((follower) => follower.appId === appId && follower.openid === openid);
  }

  addFile(data: Buffer, contentType: string, filename: string): SimFile {
    const file: SimFile = { id: randomId(12), data, contentType, filename };
    this.data.files.push(file);
    this.changed();
    return file;
  }

  file(id: string | null): SimFile | undefined {
    return id ? this.data.files.find((file) => file.id === id) : undefined;
  }

  material(appId: string, mediaId: string): SimMaterial | undefined {
    return this.data.materials.find((material) => material.appId === appId && material.mediaId === mediaId);
  }

  /** A temporary media item, only while it has not expired (3 days after upload). */
  tempMedia(appId: string, mediaId: string, includeExpired = false): SimTempMedia | undefined {
    const media = this.data.tempMedia.find((item) => item.appId === appId && item.mediaId === mediaId);
    if (!media) return undefined;
    if (!includeExpired && this.clock.now() >= media.createdAt + TEMP_MEDIA_TTL_MS) return undefined;
    return media;
  }

  addTempMedia(appId: string, type: TempMediaType, file: SimFile): SimTempMedia {
    const media: SimTempMedia = { appId, mediaId: randomId(48), type, fileId: file.id, createdAt: this.clock.now() };
    this.data.tempMedia.push(media);
    this.changed();
    return media;
  }

  addConversation(entry: Omit<ConversationEntry, 'seq'>): ConversationEntry {
    const full = { seq: this.nextSeq(), ...entry };
    this.data.conversation.push(full);
    if (this.data.conversation.length > 5000) this.data.conversation.splice(0, this.data.conversation.length - 5000);
    this.changed();
    return full;
  }

  addDelivery(delivery: Delivery): void {
    this.data.deliveries.push(delivery);
    if (this.data.deliveries.length > 500) this.data.deliveries.splice(0, this.data.deliveries.length - 500);
    this.changed();
  }
}

/** Temporary media lives 3 days on the platform. */
export const TEMP_MEDIA_TTL_MS = 3 * 24 * 60 * 60 * 1000;
/** Access tokens live 7200 s. */
export const ACCESS_TOKEN_TTL_S = 7200;
