import type { Dict, Values } from '../../../shared/resource';
import { REPLY_TABS, type Reply } from '../components/reply';
import { replyBody, replyOf, type StoredReplyFields } from '../components/stored-reply';

/** 1 on subscribe (at most one), 2 the default reply of a message type, 3 a keyword. */
export type AutoReplyType = '1' | '2' | '3';
export const AUTO_REPLY_TYPES: readonly AutoReplyType[] = ['1', '2', '3'];

/** A rule as `GET /weixin/wxautoreply/page` answers it. */
export interface AutoReply extends StoredReplyFields {
  id: string;
  appId: string;
  type: AutoReplyType;
  reqType: string | null;
  reqKey: string | null;
  repMate: string | null;
  createTime: string | null;
  updateTime: string | null;
}

/** Incoming message types a default reply can answer (the server's list). */
export const REQ_TYPES = ['text', 'image', 'voice', 'video', 'shortvideo', 'location', 'link'] as const;
export const KEYWORD_MAX = 64;

export const reqTypeDict: Dict = REQ_TYPES.map((value) => ({ value, label: `wxmp.autoreply.reqTypes.${value}`, color: 'blue' }));
export const repMateDict: Dict = [
  { value: '1', label: 'wxmp.autoreply.repMates.1', color: 'green' },
  { value: '2', label: 'wxmp.autoreply.repMates.2', color: 'orange' },
];
export const repTypeDict: Dict = REPLY_TABS.map((value) => ({ value, label: `wxmp.reply.${value}` }));

/** A rule → the form's values (the reply as one value for the reply editor). */
export function ruleForm(row: AutoReply): Values {
  return { reqType: row.reqType ?? undefined, reqKey: row.reqKey ?? undefined, repMate: row.repMate ?? '1', reply: replyOf(row) };
}

/** The form's values → the body of `POST`/`PUT /weixin/wxautoreply` (the page adds `id` when editing). */
export function ruleBody(values: Values, appId: string, type: AutoReplyType) {
  const reply = (values.reply as Reply | undefined) ?? { repType: 'text' };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    appId,
    type,
    reqType: type === '2' ? text(values.reqType) : null,
    reqKey: type === '3' ? text(values.reqKey) : null,
    repMate: type === '3' ? (values.repMate === '2' ? '2' : '1') : null,
    ...replyBody(reply),
  };
}
