import { wxMsgEndpoints, type Page } from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { api, HttpError } from '../../../shared/http/client';
import type { Reply } from '../components/reply';
import { reloadBell } from '../unread/feed';
import { PAGE_SIZE, type ConversationMessage } from './history';

/** The conversation calls (`apps/server/src/modules/wxmp/conversations/README.md`). */

export const WXMSG_KEY = '/weixin/wxmsg';

/**
 * One page of a follower's history, newest first. Reading it changes no read state (see
 * `markConversationRead`). `silent`: a failure is not shown (a catch-up in the background).
 */
export const historyPage = (appId: string, wxUserId: string, current: number, size = PAGE_SIZE, silent = false) =>
  api.get<Page<ConversationMessage>>('/weixin/wxmsg/page', { params: { current, size, descs: 'create_time', appId, wxUserId }, silent });

/** `PUT /weixin/wxmsg { id, readFlag }`, quietly: a failure only leaves the message unread. */
export const markRead = (id: string) => call(wxMsgEndpoints.markRead, { body: { id, readFlag: '1' } }, { silent: true });

/**
 * `PUT /weixin/wxmsg/read { appId, wxUserId }`: every message of the follower read, as opening the
 * conversation does; quietly (a failure only leaves them unread). Answers how many it marked.
 */
export const markConversationRead = (appId: string, wxUserId: string) =>
  call(wxMsgEndpoints.markConversationRead, { body: { appId, wxUserId } }, { silent: true });

/**
 * `DELETE /weixin/wxmsg/:id` (`wxmp:wxmsg:del`): the message leaves the product (not the
 * follower's phone). A follower's unread message leaves the bell's count too: it loads again.
 */
export async function deleteMessage(message: Pick<ConversationMessage, 'id' | 'type' | 'readFlag'>): Promise<void> {
  await call(wxMsgEndpoints.remove, { params: { id: message.id } });
  if (message.type === '1' && message.readFlag === '0') reloadBell();
}

/** What sending gave: the sent message (and the server's notice), or the failure with the kept message. */
export type SendOutcome =
  | { ok: true; message: ConversationMessage; notice: string | null }
  | { ok: false; status: number; error: string; kept: ConversationMessage | null };

/**
 * `POST /weixin/wxmsg`: the answer's `data.data` is the sent message. A refusal (409: the 48-hour
 * window closed or the follower left) or a platform failure comes back with the server's message;
 * a platform failure also carries the message kept as failed.
 */
export async function sendMessage(appId: string, wxUserId: string, reply: Reply): Promise<SendOutcome> {
  try {
    const envelope = await api.envelope<{ data: ConversationMessage }>({ method: 'POST', url: '/weixin/wxmsg', data: { ...reply, appId, wxUserId }, silent: true });
    return { ok: true, message: envelope.data.data, notice: envelope.msg ?? null };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const body = error.body as { data?: { data?: ConversationMessage } | null } | undefined;
    return { ok: false, status: error.status, error: error.message, kept: body?.data?.data ?? null };
  }
}

/** The file behind a message's media: a temporary one a follower sent, or a permanent material. */
export const mediaBlob = (appId: string, mediaId: string, kind: 'temporary' | 'permanent', fileName?: string) =>
  api.blob('/weixin/wxmsg/media', { params: { appId, mediaId, kind, ...(fileName ? { fileName } : {}) }, silent: true });

/**
 * The bytes of a stored URL (the account's own media). Our own paths go through the HTTP client;
 * another host is fetched without our token.
 */
export async function urlBlob(url: string): Promise<Blob> {
  if (url.startsWith('/') && !url.startsWith('//')) return api.blob(url, { silent: true });
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/**
 * The file a message plays: a follower's (type '1') media through `/weixin/wxmsg/media`
 * (our copy, else the platform's); the account's (type '2') from its stored URL, else the material.
 */
export async function messageMedia(message: Pick<ConversationMessage, 'type' | 'appId' | 'repMediaId' | 'repUrl' | 'repName'>): Promise<Blob> {
  if (message.type === '2' && message.repUrl) return urlBlob(message.repUrl);
  if (!message.repMediaId) throw new Error('no media');
  return mediaBlob(message.appId, message.repMediaId, message.type === '1' ? 'temporary' : 'permanent', message.repName ?? undefined);
}
