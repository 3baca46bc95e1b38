import { getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { wxMsg, wxUser } from '../tables.js';

/** A stored message as drizzle reads it (`select`/`returning` of the whole wx_msg row). */
export type WxMsgRow = typeof wxMsg.$inferSelect;

/**
 * A conversation message as the API and the live channel show it: the specification's fields,
 * our copy of a follower's media, and the send status of the account's messages. The order of
 * the fields is the order of the answers and live frames.
 */
export interface ConversationMessage {
  id: string;
  appId: string;
  wxUserId: string;
  openId: string;
  /** '1' follower → account, '2' account → follower. */
  type: '1' | '2';
  repType: string;
  repEvent: string | null;
  repContent: string | null;
  repMediaId: string | null;
  repName: string | null;
  repDesc: string | null;
  repUrl: string | null;
  repHqUrl: string | null;
  content: unknown;
  repThumbMediaId: string | null;
  repThumbUrl: string | null;
  repLocationX: number | null;
  repLocationY: number | null;
  repScale: number | null;
  /** '1' read, '0' unread. */
  readFlag: '0' | '1';
  msgId: string | null;
  eventKey: string | null;
  nickName: string | null;
  headimgUrl: string | null;
  appName: string | null;
  appLogo: string | null;
  createTime: string;
  /** Our copy of the media a follower sent (plays after the platform's 3 days), or null. */
  mediaUrl: string | null;
  /** The account's messages: 'sent' or 'failed'; null for the follower's. */
  sendStatus: 'sent' | 'failed' | null;
  sendError: string | null;
}

const messageFields = Object.keys(getTableColumns(wxMsg)) as Array<keyof WxMsgRow>;
/**
 * The wx_msg columns of a subquery or CTE whose rows are whole messages (`select().from(wxMsg)…as(…)`,
 * `$with(…, getTableColumns(wxMsg))`), as a nested selection that reads back a `WxMsgRow`.
 */
export const messageColumnsOf = <S extends Record<keyof WxMsgRow, unknown>>(subquery: S) =>
  Object.fromEntries(messageFields.map((field) => [field, subquery[field]])) as Pick<S, keyof WxMsgRow>;

/** The follower as they are now (a message keeps the name and picture of when it was stored). */
export interface FollowerNow {
  followerNickName: string | null;
  followerHeadimgUrl: string | null;
}

/** The follower joined to a message (`u`): their name (else the operator's remark) and picture. */
export const follower = alias(wxUser, 'u');
/**
 * Selected beside the message, not nested: drizzle would drop a nested object of a left-joined
 * table whose columns read null, and the name here may come from the remark.
 */
export const followerNow = {
  followerNickName: sql<string | null>`coalesce(${follower.nickName}, ${follower.remark})`,
  followerHeadimgUrl: follower.headimgUrl,
};

/** A message with its follower: `select(withFollower).from(wxMsg).leftJoin(follower, eq(follower.id, wxMsg.wxUserId))`. */
export const withFollower = { message: wxMsg, ...followerNow };

/**
 * The one mapper from a stored row to the answer. With `now`, the follower's current name and
 * picture replace the copies stored with the message (when the follower still exists).
 */
export function toMessage(row: WxMsgRow, now?: FollowerNow | null): ConversationMessage {
  return {
    id: row.id,
    appId: row.appId,
    wxUserId: row.wxUserId,
    openId: row.openId,
    type: row.type as '1' | '2',
    repType: row.repType,
    repEvent: row.repEvent,
    repContent: row.repContent,
    repMediaId: row.repMediaId,
    repName: row.repName,
    repDesc: row.repDesc,
    repUrl: row.repUrl,
    repHqUrl: row.repHqUrl,
    content: row.content ?? null,
    repThumbMediaId: row.repThumbMediaId,
    repThumbUrl: row.repThumbUrl,
    repLocationX: row.repLocationX,
    repLocationY: row.repLocationY,
    repScale: row.repScale,
    readFlag: row.readFlag as '0' | '1',
    msgId: row.msgId,
    eventKey: row.eventKey,
    nickName: now?.followerNickName ?? row.nickName,
    headimgUrl: now?.followerHeadimgUrl ?? row.headimgUrl,
    appName: row.appName,
    appLogo: row.appLogo,
    createTime: row.createTime.toISOString(),
    mediaUrl: row.mediaStorageKey ? `/weixin/media/${row.mediaStorageKey}` : null,
    sendStatus: row.sendStatus ?? null,
    sendError: row.sendError,
  };
}
