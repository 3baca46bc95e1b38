import { randomBytes } from 'node:crypto';

/** The platform's error texts for the codes the simulator answers (wechat.md §2.8). */
export const ERRMSG: Record<number, string> = {
  [-1]: 'system error',
  0: 'ok',
  40001: 'invalid credential, access_token is invalid or not latest',
  40002: 'invalid grant_type',
  40003: 'invalid openid',
  40004: 'invalid media type',
  40005: 'invalid file type',
  40006: 'invalid media size',
  40007: 'invalid media_id',
  40008: 'invalid message type',
  40009: 'invalid image size',
  40010: 'invalid voice size',
  40011: 'invalid video size',
  40012: 'invalid thumb size',
  40013: 'invalid appid',
  40014: 'invalid access_token',
  40016: 'invalid button size',
  40017: 'invalid button type',
  40018: 'invalid button name size',
  40019: 'invalid button key size',
  40020: 'invalid button url size',
  40023: 'invalid sub button size',
  40024: 'invalid sub button type',
  40025: 'invalid sub button name size',
  40026: 'invalid sub button key size',
  40027: 'invalid sub button url size',
  40032: 'invalid openid list size',
  40097: 'invalid args',
  40125: 'invalid appsecret',
  41001: 'access_token missing',
  41005: 'media data missing',
  41006: 'media_id missing',
  42001: 'access_token expired',
  43004: 'require subscribe',
  44002: 'empty post data',
  44003: 'empty news data',
  44004: 'empty content',
  45002: 'content size out of limit',
  45003: 'title size out of limit',
  45004: 'description size out of limit',
  45007: 'playtime out of limit',
  45008: 'article size out of limit',
  45009: 'reach max api daily quota limit',
  45015: 'response out of time limit or subscription is canceled',
  45047: 'out of response count limit',
  45056: 'too many tags now',
  45057: "can't delete the tag that has too many fans",
  45058: "can't modify sys tag",
  45059: 'too many tags for this user',
  45103: 'This API has been unsupported',
  45157: 'invalid tag name',
  45158: 'tag name too long',
  45159: 'invalid tag id',
  46003: 'menu no exist',
  47001: 'data format error',
  48005: 'forbid to delete material used by auto-reply or menu',
};

/** A platform error answer: `{ errcode, errmsg }` with HTTP 200. */
export class WxError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string = ERRMSG[errcode] ?? 'error',
  ) {
    super(`${errcode} ${errmsg}`);
  }
}

/** The answer body, with a request id as the platform appends (`rid: …`). */
export function errorBody(errcode: number, errmsg: string = ERRMSG[errcode] ?? 'error'): { errcode: number; errmsg: string } {
  if (errcode === 0) return { errcode: 0, errmsg: 'ok' };
  const rid = `${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;
  return { errcode, errmsg: `${errmsg} rid: ${rid}` };
}

export const OK = { errcode: 0, errmsg: 'ok' } as const;
