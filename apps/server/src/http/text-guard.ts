import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * Text the database cannot store, or that is not text at all, refused at the edge with a 400
 * naming the field (issue 17): a NUL character (PostgreSQL text refuses it), a lone UTF-16
 * surrogate (what `\ud800` in JSON decodes to; not Unicode), and bytes that are not UTF-8
 * (in a JSON body, or a query value whose %-escapes do not decode). Checked once for every
 * route, before validation: path parameters, query, and the parsed body however deep.
 * (Invalid %-escapes in the path itself are the router's FST_ERR_BAD_URL, a 400 too.)
 */

const PARTS = { params: '路径参数', query: '查询参数', body: '请求体' } as const;
const NUL_MESSAGE = '不能含有 NUL 字符（\\u0000）';
const UNICODE_MESSAGE = '含有无效的字符编码（不是合法的 UTF-8 / Unicode 文本）';
const ESCAPE_MESSAGE = '含有无法解码的 % 转义（解码后不是合法的 UTF-8 文本）';
/** A lone surrogate: with the u flag a pair is one code point and does not match. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const problemOf = (text: string): string | undefined => {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return UNICODE_MESSAGE;
  return undefined;
};

/** The first bad string in a value (keys included), with its path `a.b.0`; iterative, so any depth is fine. */
export function findBadText(value: unknown): { field: string; problem: string } | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const problem = problemOf(current);
      if (problem) return { field: path, problem };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current).reverse()) {
        const field = path ? `${path}.${key}` : key;
        const problem = problemOf(key);
        if (problem) return { field: `${path ? `${path}.` : ''}${JSON.stringify(key)}`, problem: `字段名${problem}` };
        stack.push([(current as Record<string, unknown>)[key], field]);
      }
    }
  }
  return undefined;
}

const refuse = (part: keyof typeof PARTS, field: string, problem: string) =>
  new AppError(400, `${PARTS[part]}${field ? ` ${field}` : ''}: ${problem}`);

/** A query component whose %-escapes are not UTF-8 (the parser keeps it undecoded): its name, or undefined. */
function undecodableQueryPart(url: string): string | undefined {
  const mark = url.indexOf('?');
  // Only a %-escape can fail to decode: a query without one (most requests) needs no splitting.
  if (mark < 0 || !url.includes('%', mark)) return undefined;
  for (const pair of url.slice(mark + 1).split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    for (const component of [name, value]) {
      try {
        decodeURIComponent(component.replaceAll('+', ' '));
      } catch {
        try {
          return decodeURIComponent(name.replaceAll('+', ' '));
        } catch {
          return name;
        }
      }
    }
  }
  return undefined;
}

export function checkRequestText(request: FastifyRequest): void {
  const badQuery = undecodableQueryPart(request.url);
  if (badQuery !== undefined) throw refuse('query', badQuery.slice(0, 64), ESCAPE_MESSAGE);
  for (const part of ['params', 'query', 'body'] as const) {
    const value = request[part];
    if (value === undefined || value === null) continue;
    const bad = findBadText(value);
    if (bad) throw refuse(part, bad.field.slice(0, 100), bad.problem);
  }
}

/**
 * Registers the check (one preValidation hook for every route) and a JSON parser that refuses
 * bytes that are not UTF-8 instead of turning them into U+FFFD. Register before the routes.
 */
export function registerTextGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new AppError(400, `请求体${UNICODE_MESSAGE}`), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  // A callback hook, not an async one: no promise and no extra microtask on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestText(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
