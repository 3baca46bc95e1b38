import { z } from 'zod';

/**
 * The web app's local error log and its upload (`POST /upms/log/logs`): one rule for both sides.
 * The web trims each field and sends batches that the server takes; the server trims the same
 * way, so an entry from an older client is shortened rather than refused.
 */

/** The longest each field may be (characters); longer values keep their start, ending in `…`. */
export const CLIENT_LOG_FIELD_MAX = { type: 32, message: 2000, stack: 8000, info: 2000, url: 1000, time: 64 } as const;
/** At most this many entries per upload. */
export const CLIENT_LOG_BATCH_MAX = 100;
/** At most this many bytes of JSON per upload (the route's body limit). */
export const CLIENT_LOG_BODY_MAX_BYTES = 256 * 1024;

type Field = keyof typeof CLIENT_LOG_FIELD_MAX;

/** `value` cut to `max` characters, ending in `…` when it was cut. */
export const trimText = (value: string, max: number): string => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

export interface ClientLogInput {
  type?: string | undefined;
  message?: string | undefined;
  stack?: string | null | undefined;
  info?: string | null | undefined;
  url?: string | null | undefined;
  time?: string | null | undefined;
}

/** The entry with every field within its limit (the same cut the server makes). */
export function trimClientLogEntry<T extends ClientLogInput>(entry: T): T {
  const out: Record<string, unknown> = { ...(entry as Record<string, unknown>) };
  for (const field of Object.keys(CLIENT_LOG_FIELD_MAX) as Field[]) {
    const value = entry[field];
    if (typeof value === 'string') out[field] = trimText(value, CLIENT_LOG_FIELD_MAX[field]);
  }
  return out as T;
}

const field = (name: Field) => z.string().transform((v) => trimText(v, CLIENT_LOG_FIELD_MAX[name]));

/** One entry of the local error log as uploaded; oversized fields are trimmed, not refused. */
export const clientLogEntrySchema = z.object({
  type: field('type').default('error'),
  message: field('message').default(''),
  stack: field('stack').nullish(),
  info: field('info').nullish(),
  url: field('url').nullish(),
  time: field('time').nullish(),
});
export const clientLogBatchSchema = z.array(clientLogEntrySchema).max(CLIENT_LOG_BATCH_MAX, `一次最多上传${CLIENT_LOG_BATCH_MAX}条日志`);

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Splits entries (already trimmed) into uploads the server takes: at most `CLIENT_LOG_BATCH_MAX`
 * entries and `CLIENT_LOG_BODY_MAX_BYTES` bytes of JSON each, in order.
 */
export function batchClientLogs<T>(entries: readonly T[], maxBytes = CLIENT_LOG_BODY_MAX_BYTES): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 2; // the array's brackets
  for (const entry of entries) {
    const size = utf8Bytes(JSON.stringify(entry)) + 1; // and its comma
    if (batch.length && (batch.length >= CLIENT_LOG_BATCH_MAX || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(entry);
    bytes += size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/**
 * Query parameters whose values never reach a log: passwords, codes (captcha, SMS, a third
 * party's `code` on /authredirect) and tokens (issue 22 #7). One rule for the server's request
 * log, the web app's error log and the server storing that log.
 */
export const SECRET_QUERY_PARAMS = /^(password|code|refresh_token|access_token|token|newpassword1|secret)$/i;

const decodedName = (name: string): string => {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
};

/**
 * The URL (whole, or a path with its query) with the value of every secret query parameter
 * replaced by `***`, in the query and in a hash route's query (`#/authredirect?code=…`) alike;
 * everything else is kept as it was.
 */
export function maskSecretParams(url: string): string {
  return url.replace(/([?&;])([^=&#;?]*)=([^&#;]*)/g, (whole, separator: string, name: string) =>
    SECRET_QUERY_PARAMS.test(decodedName(name)) ? `${separator}${name}=***` : whole);
}
