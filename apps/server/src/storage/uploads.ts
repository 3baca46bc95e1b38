import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest } from '../http/errors.js';
import { findBadText } from '../http/text-guard.js';
import { contentTypes, extensionOf, sniff, type MediaKind } from './media-types.js';
import { LARGEST_UPLOAD_BYTES, uploadRules, type UploadRule, type UploadUse } from './rules.js';
import { newBlobKey, type MediaStorage } from './storage.js';

/** A file read from a request and checked against its rule: its bytes are what its kind says. */
export interface ReceivedFile {
  /** The form field that carried it. */
  field: string;
  /** Its name as sent, without any folder part. */
  name: string;
  bytes: Buffer;
  kind: MediaKind;
  contentType: string;
}

/** Stored media: its storage key and its public URL (`/media/<key>`). */
export interface StoredMedia {
  key: string;
  url: string;
  name: string;
  contentType: string;
  size: number;
}

/** A rule by name, a rule, or a choice of rule from the fields sent before the file (materials choose by `mediaType`). */
export type RuleChoice = UploadUse | UploadRule | ((fields: Record<string, string>) => UploadUse | UploadRule);

export interface ReadLimits {
  /** How many text fields besides the file (default 10). */
  fields?: number;
  /** The longest text field, in bytes (default 4096). */
  fieldBytes?: number;
}

/**
 * The one upload pipeline: reads a multipart request with the limits enforced while it streams
 * (one file, a few short fields, the rule's size), sniffs the bytes, checks the use's rule and
 * stores through the one `MediaStorage`. Every refusal is a 4xx with a message naming the problem.
 * A route that uses it declares `schema.consumes: ['multipart/form-data']`.
 */
export interface Uploads {
  readonly storage: MediaStorage;
  /** Reads and checks the file and the fields; stores nothing (the caller stores when its own work succeeded). */
  read(request: FastifyRequest, rule: RuleChoice, limits?: ReadLimits): Promise<{ fields: Record<string, string>; file: ReceivedFile; rule: UploadRule }>;
  /** Stores a checked file under the rule's folder. */
  store(file: ReceivedFile, rule: UploadUse | UploadRule): Promise<StoredMedia>;
  /** `read` then `store`: `app.uploads.receive(request, 'avatar')`. */
  receive(request: FastifyRequest, rule: RuleChoice, limits?: ReadLimits): Promise<{ fields: Record<string, string>; media: StoredMedia }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
}

const ruleOf = (rule: UploadUse | UploadRule): UploadRule => (typeof rule === 'string' ? uploadRules[rule] : rule);

/** The public URL of a stored key. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** A multipart failure as the client's fault, named; anything else is not ours to explain. */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code === 'FST_FILES_LIMIT') return badRequest('一次只能上传一个文件');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('上传的字段过多');
  if (code === 'FST_PROTO_VIOLATION') return badRequest('上传的字段名不合法');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, '请以 multipart/form-data 上传文件');
  if (code === 'FST_MP_PREMATURE_CLOSE') return badRequest('上传中断：请求在 multipart 数据读完前关闭');
  if (/boundary/i.test(message)) return badRequest('multipart 请求缺少 boundary（分隔符）或 boundary 无效');
  if (/^Unexpected end/.test(message)) return badRequest('上传的数据不完整：multipart 正文被截断或 boundary 不匹配');
  if (/Content-Type|^Malformed|^Limit /.test(message)) return badRequest('上传的 multipart 数据格式错误');
  return error;
}

export function createUploads(storage: MediaStorage): Uploads {
  const read: Uploads['read'] = async (request, choice, limits = {}) => {
    if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 上传文件');
    const maxFields = limits.fields ?? 10;
    const fieldBytes = limits.fieldBytes ?? 4096;
    const fixed = typeof choice === 'function' ? undefined : ruleOf(choice);
    const choose = () => fixed ?? ruleOf((choice as Exclude<RuleChoice, UploadUse | UploadRule>)(fields));
    const fields: Record<string, string> = {};
    let got: { field: string; name: string; chunks: Buffer[]; size: number; rule: UploadRule } | undefined;
    try {
      const parts = request.parts({ // throwFileSizeLimit is off for the whole server (below)
        // One byte over the largest allowed size tells "too big"; busboy discards the rest as it streams.
        limits: { files: 1, fields: maxFields, parts: maxFields + 1, fieldSize: fieldBytes, fieldNameSize: 100, headerPairs: 20, fileSize: (fixed?.maxBytes ?? LARGEST_UPLOAD_BYTES) + 1 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldnameTruncated) throw badRequest('上传的字段名过长');
          if (part.valueTruncated) throw badRequest(`字段 ${part.fieldname} 过长（不能超过 ${fieldBytes} 字节）`);
          const badText = findBadText({ [part.fieldname]: String(part.value) });
          if (badText) throw badRequest(`字段 ${badText.field}: ${badText.problem}`);
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const badName = findBadText(part.filename);
        if (badName) throw badRequest(`文件名: ${badName.problem}`);
        const rule = choose();
        if (rule.field && part.fieldname !== rule.field) throw badRequest(`请把文件放在字段 ${rule.field} 中上传`);
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          // Refused as soon as the file passes the rule's size: the 413 goes out at once, the rest is discarded unread (error-handler.ts).
          if (size > rule.maxBytes) throw new AppError(413, rule.messages.size);
          chunks.push(chunk);
        }
        got = { field: part.fieldname, name: part.filename.replace(/^.*[\\/]/, '').slice(-200) || 'file', chunks, size, rule };
      }
    } catch (error) {
      throw multipartError(error);
    }
    const rule = got?.rule ?? choose();
    if (!got || got.size === 0) throw badRequest(rule.messages.missing ?? '请选择要上传的文件');
    const bytes = Buffer.concat(got.chunks);
    const kind = sniff(bytes.subarray(0, 64));
    if (!rule.extensions.includes(extensionOf(got.name)) || !kind || !rule.kinds.includes(kind)) throw new AppError(415, rule.messages.type);
    if (got.size > rule.maxBytes) throw new AppError(413, rule.messages.size);
    return { fields, rule, file: { field: got.field, name: got.name, bytes, kind, contentType: contentTypes[kind] } };
  };

  const store: Uploads['store'] = async (file, use) => {
    const key = newBlobKey(ruleOf(use).folder, file.kind);
    const info = await storage.put(key, file.bytes, file.contentType);
    return { key, url: mediaUrl(key), name: file.name, contentType: info.contentType, size: info.size };
  };

  return {
    storage,
    read,
    store,
    async receive(request, choice, limits) {
      const { fields, file, rule } = await read(request, choice, limits);
      return { fields, media: await store(file, rule) };
    },
  };
}

/** Room for the fields (10 × 4096 bytes) and the part headers and boundaries around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Registers multipart parsing once for the whole server and decorates `app.uploads`. Registered
 * before the modules, which call `app.uploads` from their routes. An upload route declares
 * `schema.consumes: ['multipart/form-data']`; every other route refuses a multipart body with 415.
 */
export const uploadsPlugin = fp<{ storage: MediaStorage }>(async (app: FastifyInstance, options) => {
  await app.register(multipart, { throwFileSizeLimit: false, limits: { files: 1, fields: 10, parts: 11, fieldSize: 4096, fileSize: LARGEST_UPLOAD_BYTES + 1 } });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    if (!request.routeOptions.schema?.consumes?.includes('multipart/form-data')) {
      throw new AppError(415, '此接口不接受 multipart/form-data 上传，请求体应为 JSON');
    }
    // A declared length beyond the largest file and its fields is refused before a byte is read.
    if (Number(request.headers['content-length'] ?? 0) > LARGEST_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw new AppError(413, `上传的请求过大（不能超过 ${Math.floor(LARGEST_UPLOAD_BYTES / 1024 / 1024)}M）`);
    }
  });
  app.decorate('uploads', createUploads(options.storage));
  app.addHook('onClose', async () => void (await options.storage.close?.()));
}, { name: 'uploads' });
