/**
 * The control face under `/sim`: accounts, followers acting (messages, events, menu taps,
 * follow/unfollow), the conversation each follower sees, deliveries, the clock, injected faults
 * and quotas, and the files behind every media URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isValidEncodingAesKey, type InboundMessage } from '@canteen/wechat-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { grantWindow, openGrants } from './api.js';
import { DAY, HOUR, MINUTE, SECOND } from './clock.js';
import { baseUrl, fileUrl, type SimContext } from './context.js';
import { makeAvatarPng, sniff, CONTENT_TYPES } from './media.js';
import { deliver, verifyCallback } from './push.js';
import { defaultCallbackUrl, firstSample, newAccount, newFollower, sample, sampleMedia, seedDemo } from './seed.js';
import { emptyData, randomId, type Delivery, type MenuButton, type MessageMode, type SimAccount, type SimFollower, type TempMediaType } from './state.js';

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Body = Record<string, unknown>;

function body(request: FastifyRequest): Body {
  const value = request.body;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !Array.isArray(value)) return value as Body;
  if (Buffer.isBuffer(value) || typeof value === 'string') {
    const text = value.toString();
    if (!text.trim()) return {};
    try {
      return JSON.parse(text) as Body;
    } catch {
      throw new ControlError(400, 'the body must be JSON');
    }
  }
  return {};
}

function text(value: unknown, name: string, fallback?: string): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  if (fallback !== undefined) return fallback;
  throw new ControlError(400, `${name} is required`);
}

function number(value: unknown, name: string, fallback?: number): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed === 'number' && Number.isFinite(parsed)) return parsed;
  if (fallback !== undefined) return fallback;
  throw new ControlError(400, `${name} must be a number`);
}

/** A 64-bit MsgId (beyond 2^53, so a product that reads it as a JS number fails visibly). */
function newMsgId(nowMs: number): string {
  return ((BigInt(Math.floor(nowMs / 1000)) << 32n) | BigInt(randomBytes(4).readUInt32BE(0))).toString();
}

function newOpenid(): string {
  return `o${randomBytes(21).toString('base64url').slice(0, 27)}`;
}

export function publicAccount(account: SimAccount) {
  return { ...account };
}

export function publicFollower(ctx: SimContext, base: string, follower: SimFollower) {
  const grants = openGrants(ctx, follower);
  const now = ctx.clock.now();
  return {
    appId: follower.appId,
    openid: follower.openid,
    nickname: follower.nickname,
    avatarUrl: follower.avatarFileId ? fileUrl(base, follower.avatarFileId) : null,
    sex: follower.sex,
    city: follower.city,
    province: follower.province,
    country: follower.country,
    language: follower.language,
    subscribed: follower.subscribed,
    subscribeTime: follower.subscribeTime,
    subscribeScene: follower.subscribeScene,
    subscribeCount: follower.subscribeCount,
    remark: follower.remark,
    tagIds: follower.tagIds,
    window: {
      open: follower.subscribed && grants.length > 0,
      closesAt: grants.length ? new Date(Math.max(...grants.map((grant) => grant.expiresAt))).toISOString() : null,
      remaining: grants.reduce((sum, grant) => sum + grant.remaining, 0),
      grants: grants.map((grant) => ({ ...grant, expiresInMs: grant.expiresAt - now })),
    },
  };
}

export function registerControl(app: FastifyInstance, ctx: SimContext): void {
  const { store, clock } = ctx;

  const handle =
    (run: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await run(request, reply);
      } catch (error) {
        if (error instanceof ControlError) return reply.code(error.status).send({ error: error.message });
        throw error;
      }
    };

  const accountOf = (request: FastifyRequest): SimAccount => {
    const { appId } = request.params as { appId: string };
    const account = store.account(appId);
    if (!account) throw new ControlError(404, `no account ${appId}`);
    return account;
  };

  const followerOf = (request: FastifyRequest): { account: SimAccount; follower: SimFollower } => {
    const account = accountOf(request);
    const { openid } = request.params as { openid: string };
    const follower = store.follower(account.appId, openid);
    if (!follower) throw new ControlError(404, `no follower ${openid}`);
    return { account, follower };
  };

  /** Uploads the follower's media as temporary media (what the platform does before pushing). */
  const followerMedia = (account: SimAccount, input: Body, kind: TempMediaType) => {
    let data: Buffer;
    let filename: string;
    let contentType: string;
    if (typeof input.data === 'string' && input.data) {
      data = Buffer.from(input.data, 'base64');
      const sniffed = sniff(data);
      const allowed: Record<TempMediaType, string[]> = { image: ['png', 'jpg', 'gif'], voice: ['amr', 'mp3'], video: ['mp4'], thumb: ['jpg'] };
      if (!sniffed || !allowed[kind].includes(sniffed)) throw new ControlError(400, `a follower's ${kind} must be ${allowed[kind].join('/')}`);
      contentType = CONTENT_TYPES[sniffed];
      filename = text(input.filename, 'filename', `upload.${sniffed}`);
    } else {
      const chosen = typeof input.sample === 'string' ? sample(input.sample) : firstSample(kind);
      if (!chosen || chosen.kind !== kind) throw new ControlError(400, `no ${kind} sample ${String(input.sample)}`);
      data = chosen.make();
      filename = chosen.filename;
      contentType = chosen.contentType;
    }
    const file = store.addFile(data, contentType, filename);
    return { file, media: store.addTempMedia(account.appId, kind, file) };
  };

  const push = async (request: FastifyRequest, account: SimAccount, follower: SimFollower, message: InboundMessage) => {
    const before = store.data.seq;
    store.addConversation({
      appId: account.appId,
      openid: follower.openid,
      at: clock.now(),
      direction: 'in',
      source: 'follower',
      msgType: message.msgType === 'event' ? 'event' : message.msgType,
      payload: message as unknown as Record<string, unknown>,
    });
    const delivery: Delivery = await deliver(ctx, account, follower, message);
    const answers = store.data.conversation.filter((entry) => entry.seq > before && entry.openid === follower.openid && entry.direction !== 'in');
    return { message, delivery, answers, follower: publicFollower(ctx, baseUrl(ctx, request), follower) };
  };

  const envelope = (account: SimAccount, follower: SimFollower) => ({
    toUserName: account.originalId,
    fromUserName: follower.openid,
    createTime: clock.seconds(),
  });

  const subscribe = (follower: SimFollower, eventKey: string | undefined) => {
    follower.subscribed = true;
    follower.subscribeTime = clock.seconds();
    follower.subscribeCount += 1;
    follower.unsubscribedAt = null;
    if (eventKey?.startsWith('qrscene_')) {
      follower.subscribeScene = 'ADD_SCENE_QR_CODE';
      follower.qrSceneStr = eventKey.slice('qrscene_'.length);
      follower.qrScene = Number(follower.qrSceneStr) || 0;
    }
    grantWindow(ctx, follower, 'subscribe');
  };

  const eventMessage = (account: SimAccount, follower: SimFollower, input: Body): InboundMessage => {
    const base = { ...envelope(account, follower), msgType: 'event' as const };
    const event = text(input.event, 'event');
    const eventKey = typeof input.eventKey === 'string' ? input.eventKey : undefined;
    switch (event) {
      case 'subscribe': {
        if (follower.subscribed) throw new ControlError(409, 'the follower already follows the account');
        subscribe(follower, eventKey);
        return { ...base, event, ...(eventKey ? { eventKey, ticket: text(input.ticket, 'ticket', randomId(24)) } : {}) };
      }
      case 'unsubscribe':
        if (!follower.subscribed) throw new ControlError(409, 'the follower does not follow the account');
        follower.subscribed = false;
        follower.unsubscribedAt = clock.now();
        follower.grants = [];
        return { ...base, event };
      case 'SCAN':
        grantWindow(ctx, follower, 'scan');
        return { ...base, event, eventKey: text(eventKey, 'eventKey'), ticket: text(input.ticket, 'ticket', randomId(24)) };
      case 'LOCATION': {
        const latitude = number(input.latitude, 'latitude', 23.12911);
        const longitude = number(input.longitude, 'longitude', 113.264385);
        follower.location = { latitude, longitude };
        return { ...base, event, latitude, longitude, precision: number(input.precision, 'precision', 65) };
      }
      case 'CLICK':
        grantWindow(ctx, follower, 'click');
        return { ...base, event, eventKey: text(eventKey, 'eventKey') };
      case 'VIEW':
        return { ...base, event, eventKey: text(eventKey, 'eventKey'), ...(input.menuId ? { menuId: text(input.menuId, 'menuId') } : {}) };
      case 'scancode_push':
      case 'scancode_waitmsg':
        grantWindow(ctx, follower, 'click');
        return {
          ...base,
          event,
          eventKey: text(eventKey, 'eventKey'),
          scanCodeInfo: { scanType: text(input.scanType, 'scanType', 'qrcode'), scanResult: text(input.scanResult, 'scanResult', 'TABLE-08') },
        };
      case 'pic_sysphoto':
      case 'pic_photo_or_album':
      case 'pic_weixin': {
        const picture = (sample(typeof input.sample === 'string' ? input.sample : '') ?? firstSample('image')).make();
        const md5 = createHash('md5').update(picture).digest('hex');
        return { ...base, event, eventKey: text(eventKey, 'eventKey'), sendPicsInfo: { count: 1, picList: [{ picMd5Sum: md5 }] } };
      }
      case 'location_select':
        return {
          ...base,
          event,
          eventKey: text(eventKey, 'eventKey'),
          sendLocationInfo: {
            locationX: number(input.latitude, 'latitude', 23.12911),
            locationY: number(input.longitude, 'longitude', 113.264385),
            scale: number(input.scale, 'scale', 15),
            label: text(input.label, 'label', '广州市越秀区北京路'),
            poiname: text(input.poiname, 'poiname', '北京路步行街'),
          },
        };
      default:
        return { ...base, event: 'other', rawEvent: event, fields: { ...(eventKey ? { eventKey } : {}) } };
    }
  };

  const normalMessage = (request: FastifyRequest, account: SimAccount, follower: SimFollower, input: Body): InboundMessage => {
    const base = { ...envelope(account, follower), msgId: newMsgId(clock.now()) };
    const msgType = text(input.msgType ?? input.type, 'msgType');
    const url = baseUrl(ctx, request);
    switch (msgType) {
      case 'text':
        return {
          ...base,
          msgType,
          content: text(input.content, 'content'),
          ...(input.bizmsgmenuid !== undefined ? { bizmsgmenuid: text(input.bizmsgmenuid, 'bizmsgmenuid') } : {}),
        };
      case 'image': {
        const { file, media } = followerMedia(account, input, 'image');
        return { ...base, msgType, picUrl: fileUrl(url, file.id), mediaId: media.mediaId };
      }
      case 'voice': {
        const { media } = followerMedia(account, input, 'voice');
        return {
          ...base,
          msgType,
          mediaId: media.mediaId,
          format: text(input.format, 'format', 'amr'),
          ...(typeof input.recognition === 'string' ? { recognition: input.recognition } : {}),
        };
      }
      case 'video':
      case 'shortvideo': {
        const { media } = followerMedia(account, input, 'video');
        const thumb = followerMedia(account, { sample: 'thumb-cover' }, 'thumb');
        return { ...base, msgType, mediaId: media.mediaId, thumbMediaId: thumb.media.mediaId };
      }
      case 'location': {
        const latitude = number(input.latitude ?? input.locationX, 'latitude', 23.12911);
        const longitude = number(input.longitude ?? input.locationY, 'longitude', 113.264385);
        follower.location = { latitude, longitude };
        return { ...base, msgType, locationX: latitude, locationY: longitude, scale: number(input.scale, 'scale', 15), label: text(input.label, 'label', '广州市越秀区北京路') };
      }
      case 'link':
        return {
          ...base,
          msgType,
          title: text(input.title, 'title'),
          description: text(input.description, 'description', ''),
          url: text(input.url, 'url'),
        };
      default:
        throw new ControlError(400, `unknown msgType ${msgType}`);
    }
  };

  const findButton = (buttons: MenuButton[], input: Body): MenuButton | undefined => {
    if (Array.isArray(input.path)) {
      const [top, sub] = input.path as unknown[];
      const button = buttons[Number(top)];
      return sub === undefined ? button : button?.sub_button?.[Number(sub)];
    }
    const all = buttons.flatMap((button) => [button, ...(button.sub_button ?? [])]);
    if (typeof input.key === 'string') return all.find((button) => button.key === input.key);
    if (typeof input.name === 'string') return all.find((button) => button.name === input.name);
    return undefined;
  };

  // --- overview --------------------------------------------------------------------------------
  app.get('/sim', async (request) => ({
    name: 'wechat-sim',
    clock: clock.snapshot(),
    accounts: store.data.accounts.map((account) => ({
      appId: account.appId,
      name: account.name,
      mode: account.mode,
      callbackUrl: account.callbackUrl,
      followers: store.data.followers.filter((follower) => follower.appId === account.appId).length,
    })),
    api: `${baseUrl(ctx, request)}/cgi-bin`,
  }));

  app.get('/sim/samples', async () => sampleMedia.map(({ id, label, kind, contentType, filename }) => ({ id, label, kind, contentType, filename, url: `/sim/samples/${id}` })));
  app.get(
    '/sim/samples/:id',
    handle(async (request, reply) => {
      const item = sample((request.params as { id: string }).id);
      if (!item) throw new ControlError(404, 'no such sample');
      return reply.header('Content-Type', item.contentType).send(item.make());
    }),
  );

  // --- clock -----------------------------------------------------------------------------------
  app.get('/sim/clock', async () => clock.snapshot());
  app.post(
    '/sim/clock/advance',
    handle(async (request) => {
      const input = body(request);
      const ms =
        number(input.ms, 'ms', 0) +
        number(input.seconds, 'seconds', 0) * SECOND +
        number(input.minutes, 'minutes', 0) * MINUTE +
        number(input.hours, 'hours', 0) * HOUR +
        number(input.days, 'days', 0) * DAY;
      if (ms < 0) throw new ControlError(400, 'the clock only moves forward; use /sim/clock/set');
      clock.advance(ms);
      store.changed();
      return clock.snapshot();
    }),
  );
  app.post(
    '/sim/clock/set',
    handle(async (request) => {
      const input = body(request);
      const at = typeof input.now === 'string' && !/^\d+$/.test(input.now) ? Date.parse(input.now) : number(input.now, 'now');
      if (!Number.isFinite(at)) throw new ControlError(400, 'now must be epoch milliseconds or an ISO date');
      clock.set(at);
      store.changed();
      return clock.snapshot();
    }),
  );
  app.post('/sim/clock/reset', async () => {
    clock.reset();
    store.changed();
    return clock.snapshot();
  });

  // --- state -----------------------------------------------------------------------------------
  app.post('/sim/reset', async () => {
    store.data = emptyData();
    clock.reset();
    seedDemo(store, ctx.settings.productUrl);
    store.saveNow();
    return { ok: true };
  });

  // --- accounts --------------------------------------------------------------------------------
  const accountInput = (input: Body, current?: SimAccount): Partial<SimAccount> => {
    const out: Partial<SimAccount> = {};
    for (const key of ['secret', 'token', 'encodingAesKey', 'originalId', 'name'] as const) {
      if (input[key] !== undefined) out[key] = text(input[key], key);
    }
    if (input.callbackUrl !== undefined) {
      if (input.callbackUrl !== null && (typeof input.callbackUrl !== 'string' || !/^https?:\/\//.test(input.callbackUrl))) {
        throw new ControlError(400, 'callbackUrl must be an http(s) URL or null');
      }
      out.callbackUrl = input.callbackUrl;
    }
    if (input.mode !== undefined) {
      if (!['plain', 'compatible', 'safe'].includes(input.mode as string)) throw new ControlError(400, 'mode must be plain, compatible or safe');
      out.mode = input.mode as MessageMode;
    }
    for (const key of ['retiredNewsApi', 'legacyProfile', 'enforceCustomQuota'] as const) {
      if (input[key] !== undefined) out[key] = input[key] === true;
    }
    const key = out.encodingAesKey ?? current?.encodingAesKey;
    if (key !== undefined && !isValidEncodingAesKey(key)) throw new ControlError(400, 'encodingAesKey must be 43 characters of [A-Za-z0-9]');
    return out;
  };

  app.get('/sim/accounts', async () => store.data.accounts.map(publicAccount));
  app.post(
    '/sim/accounts',
    handle(async (request) => {
      const input = body(request);
      const appId = text(input.appId, 'appId');
      const existing = store.account(appId);
      const changes = accountInput(input, existing);
      if (existing) Object.assign(existing, changes);
      else
        store.data.accounts.push(
          newAccount({ appId, callbackUrl: defaultCallbackUrl(ctx.settings.productUrl, appId), ...changes }, clock.now()),
        );
      store.changed();
      return publicAccount(store.account(appId)!);
    }),
  );
  app.get('/sim/accounts/:appId', handle(async (request) => publicAccount(accountOf(request))));
  app.patch(
    '/sim/accounts/:appId',
    handle(async (request) => {
      const account = accountOf(request);
      Object.assign(account, accountInput(body(request), account));
      store.changed();
      return publicAccount(account);
    }),
  );
  app.delete(
    '/sim/accounts/:appId',
    handle(async (request) => {
      const account = accountOf(request);
      const keep = <T extends { appId: string }>(items: T[]) => items.filter((item) => item.appId !== account.appId);
      const data = store.data;
      data.accounts = keep(data.accounts);
      data.followers = keep(data.followers);
      data.tags = keep(data.tags);
      data.materials = keep(data.materials);
      data.drafts = keep(data.drafts);
      data.published = keep(data.published);
      data.tempMedia = keep(data.tempMedia);
      data.menus = keep(data.menus);
      data.tokens = keep(data.tokens);
      store.changed();
      return { ok: true };
    }),
  );
  app.post('/sim/accounts/:appId/verify', handle(async (request) => verifyCallback(ctx, accountOf(request))));
  app.get(
    '/sim/accounts/:appId/menu',
    handle(async (request) => {
      const account = accountOf(request);
      return { menu: store.data.menus.find((menu) => menu.appId === account.appId) ?? null };
    }),
  );
  app.get(
    '/sim/accounts/:appId/sent',
    handle(async (request) => {
      const account = accountOf(request);
      const { openid } = request.query as { openid?: string };
      return store.data.sent.filter((item) => item.appId === account.appId && (!openid || item.openid === openid));
    }),
  );
  app.get(
    '/sim/accounts/:appId/tokens',
    handle(async (request) => {
      const account = accountOf(request);
      const now = clock.now();
      return store.data.tokens
        .filter((token) => token.appId === account.appId)
        .map((token) => ({ ...token, valid: now < token.expiresAt && (token.supersededAt === null || now < token.supersededAt) }));
    }),
  );

  // --- followers -------------------------------------------------------------------------------
  app.get(
    '/sim/accounts/:appId/followers',
    handle(async (request) => {
      const account = accountOf(request);
      const base = baseUrl(ctx, request);
      return store.data.followers.filter((follower) => follower.appId === account.appId).map((follower) => publicFollower(ctx, base, follower));
    }),
  );
  app.post(
    '/sim/accounts/:appId/followers',
    handle(async (request, reply) => {
      const account = accountOf(request);
      const input = body(request);
      const openid = typeof input.openid === 'string' && input.openid ? input.openid : newOpenid();
      if (store.follower(account.appId, openid)) throw new ControlError(409, `follower ${openid} exists`);
      const hue = randomBytes(3);
      const avatar = store.addFile(makeAvatarPng([60 + (hue[0]! % 160), 60 + (hue[1]! % 160), 60 + (hue[2]! % 160)]), 'image/png', `${openid}.png`);
      const follower = newFollower(
        {
          appId: account.appId,
          openid,
          nickname: text(input.nickname, 'nickname', `关注者${openid.slice(-4)}`),
          avatarFileId: avatar.id,
          sex: ([0, 1, 2] as const).find((value) => value === input.sex) ?? 0,
          city: text(input.city, 'city', ''),
          province: text(input.province, 'province', ''),
          language: text(input.language, 'language', 'zh_CN'),
          subscribeScene: text(input.scene, 'scene', 'ADD_SCENE_SEARCH'),
          subscribed: false,
          subscribeCount: 0,
        },
        clock.seconds(),
      );
      store.data.followers.push(follower);
      const result = await push(request, account, follower, eventMessage(account, follower, { event: 'subscribe', eventKey: input.eventKey }));
      return reply.code(201).send(result);
    }),
  );
  app.get('/sim/accounts/:appId/followers/:openid', handle(async (request) => publicFollower(ctx, baseUrl(ctx, request), followerOf(request).follower)));
  app.post(
    '/sim/accounts/:appId/followers/:openid/subscribe',
    handle(async (request) => {
      const { account, follower } = followerOf(request);
      return push(request, account, follower, eventMessage(account, follower, { ...body(request), event: 'subscribe' }));
    }),
  );
  app.post(
    '/sim/accounts/:appId/followers/:openid/unsubscribe',
    handle(async (request) => {
      const { account, follower } = followerOf(request);
      return push(request, account, follower, eventMessage(account, follower, { event: 'unsubscribe' }));
    }),
  );
  app.post(
    '/sim/accounts/:appId/followers/:openid/messages',
    handle(async (request) => {
      const { account, follower } = followerOf(request);
      if (!follower.subscribed) throw new ControlError(409, 'the follower must follow the account to send messages');
      const message = normalMessage(request, account, follower, body(request));
      grantWindow(ctx, follower, 'message');
      return push(request, account, follower, message);
    }),
  );
  app.post(
    '/sim/accounts/:appId/followers/:openid/events',
    handle(async (request) => {
      const { account, follower } = followerOf(request);
      const input = body(request);
      if (!follower.subscribed && input.event !== 'subscribe') throw new ControlError(409, 'the follower must follow the account');
      return push(request, account, follower, eventMessage(account, follower, input));
    }),
  );
  app.post(
    '/sim/accounts/:appId/followers/:openid/menu',
    handle(async (request) => {
      const { account, follower } = followerOf(request);
      if (!follower.subscribed) throw new ControlError(409, 'the follower must follow the account');
      const input = body(request);
      const menu = store.data.menus.find((item) => item.appId === account.appId);
      const button = menu ? findButton(menu.button, input) : undefined;
      if (!menu || !button) throw new ControlError(404, 'no such menu button');
      if (button.sub_button?.length) throw new ControlError(400, 'this button opens a sub-menu; tap one of its buttons');
      const type = button.type ?? '';
      const keyed = { ...input, eventKey: button.key };
      switch (type) {
        case 'click':
        case 'scancode_push':
        case 'scancode_waitmsg':
        case 'pic_sysphoto':
        case 'pic_photo_or_album':
        case 'pic_weixin':
        case 'location_select':
          return push(request, account, follower, eventMessage(account, follower, { ...keyed, event: type === 'click' ? 'CLICK' : type }));
        case 'view':
          return push(request, account, follower, eventMessage(account, follower, { event: 'VIEW', eventKey: button.url, menuId: menu.menuid }));
        case 'miniprogram':
          return push(request, account, follower, eventMessage(account, follower, { event: 'view_miniprogram', eventKey: button.pagepath }));
        default:
          // media_id / view_limited / article_*: the platform shows the material itself, nothing is pushed.
          return { message: null, delivery: null, answers: [], button };
      }
    }),
  );
  app.get(
    '/sim/accounts/:appId/followers/:openid/conversation',
    handle(async (request) => {
      const { account, follower } = followerOf(request);
      const after = Number((request.query as { after?: string }).after ?? 0) || 0;
      const entries = store.data.conversation.filter((entry) => entry.appId === account.appId && entry.openid === follower.openid && entry.seq > after);
      return { entries, lastSeq: store.data.seq, follower: publicFollower(ctx, baseUrl(ctx, request), follower) };
    }),
  );

  // --- deliveries, faults, quotas --------------------------------------------------------------
  app.get('/sim/deliveries', async (request) => {
    const { appId, openid, limit } = request.query as { appId?: string; openid?: string; limit?: string };
    const items = store.data.deliveries.filter((item) => (!appId || item.appId === appId) && (!openid || item.openid === openid));
    return items.slice(-Math.max(1, Number(limit) || 50)).reverse();
  });
  app.get('/sim/faults', async () => store.data.faults);
  app.post(
    '/sim/faults',
    handle(async (request) => {
      const input = body(request);
      const path = text(input.path, 'path');
      if ((input.errcode === undefined || input.errcode === null) && !input.delayMs) throw new ControlError(400, 'a fault needs errcode, delayMs or both');
      const fault = {
        id: randomId(6),
        path: path === '*' || path.startsWith('/cgi-bin/') ? path : `/cgi-bin/${path.replace(/^\/+/, '')}`,
        appId: typeof input.appId === 'string' ? input.appId : null,
        errcode: input.errcode === undefined || input.errcode === null ? null : number(input.errcode, 'errcode'),
        errmsg: typeof input.errmsg === 'string' ? input.errmsg : null,
        delayMs: number(input.delayMs, 'delayMs', 0),
        remaining: number(input.times, 'times', 1),
      };
      store.data.faults.push(fault);
      store.changed();
      return fault;
    }),
  );
  app.delete('/sim/faults', async () => {
    store.data.faults = [];
    store.changed();
    return { ok: true };
  });
  app.post(
    '/sim/quota',
    handle(async (request) => {
      const input = body(request);
      const appId = text(input.appId, 'appId');
      const path = text(input.path, 'path');
      const full = path.startsWith('/cgi-bin/') ? path : `/cgi-bin/${path.replace(/^\/+/, '')}`;
      if (input.limit === null) delete store.data.quotaLimits[`${appId} ${full}`];
      else store.data.quotaLimits[`${appId} ${full}`] = number(input.limit, 'limit');
      store.changed();
      return { appId, path: full, limit: store.data.quotaLimits[`${appId} ${full}`] ?? null };
    }),
  );

  // --- files behind the URLs -------------------------------------------------------------------
  app.get(
    '/sim/files/:id',
    handle(async (request, reply) => {
      const file = store.file((request.params as { id: string }).id);
      if (!file) throw new ControlError(404, 'no such file');
      return reply.header('Content-Type', file.contentType).header('Cache-Control', 'public, max-age=86400').send(file.data);
    }),
  );
  app.get(
    '/sim/media/:appId/:mediaId',
    handle(async (request, reply) => {
      const { appId, mediaId } = request.params as { appId: string; mediaId: string };
      const temp = store.tempMedia(appId, mediaId, true);
      const material = store.material(appId, mediaId);
      const file = store.file(temp?.fileId ?? material?.fileId ?? null);
      if (!file) throw new ControlError(404, 'no such media');
      return reply.header('Content-Type', file.contentType).send(file.data);
    }),
  );
  app.get(
    '/sim/news/:mediaId/:index',
    handle(async (request, reply) => {
      const { mediaId, index } = request.params as { mediaId: string; index: string };
      const owner =
        store.data.materials.find((item) => item.mediaId === mediaId && item.type === 'news') ??
        store.data.drafts.find((item) => item.mediaId === mediaId) ??
        store.data.published.find((item) => item.articleId === mediaId);
      const article = owner?.articles[Number(index)];
      if (!article) throw new ControlError(404, 'no such article');
      const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', 'sandbox')
        .send(
          `<!doctype html><meta charset="utf-8"><title>${escape(article.title)}</title><h1>${escape(article.title)}</h1><p>${escape(article.author)}</p>${article.content}`,
        );
    }),
  );
}
