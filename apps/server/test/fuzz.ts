import fc from 'fast-check';

/**
 * Bad input for every route, generated from the OpenAPI document the server serves: junk path
 * parameters and queries, JSON bodies shaped like the route's schema with fields made wrong
 * (wrong types, huge numbers, NUL, lone surrogates, deep nesting, very long strings), whole
 * bodies of junk, malformed JSON and invalid UTF-8, wrong content types and malformed multipart.
 * Used by the fuzz test (http/fuzz.test.ts, a few inputs per route) and the bench's fuzz suite
 * (≥ 10,000 requests). Any 5xx is the server's fault: bad input must get a 4xx naming the problem.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

interface OpenApiParameter { in: string; name: string; schema?: JsonSchema }
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One route to fuzz: `GET /upms/user/{id}`, its path parameters, query parameters and JSON body schema. */
export interface FuzzRoute {
  method: string;
  /** OpenAPI form, `{name}` for a parameter, `{*}` for a wildcard. */
  path: string;
  key: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

/** One generated request, as `app.inject` or `fetch` takes it (every byte of the URL is ASCII). */
export interface FuzzInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What kind of bad input this is, for the report. */
  kind: string;
}

/**
 * Routes not fuzzed, each with why: they end the session the fuzzer is signed in with, so
 * every later request would be a 401 and test nothing. (Their input is plain: no body, an id.)
 */
export const SKIPPED_ROUTES: Record<string, string> = {
  'DELETE /auth/token/logout': 'signs the fuzzer out (deletes the token it is signed in with)',
  'DELETE /upms/token/{id}': 'deletes a token by id: could delete the fuzzer\'s own and sign it out',
};

/**
 * Routes fuzzed after all the others, each with why: generated ids can name seeded rows (ids are
 * small numbers), so these can take the admin's permissions away (a menu or button deleted or
 * given another permission code, the admin role's menus replaced or the role deleted, the admin
 * locked, given other roles or deleted), after which routes answer 403 and test nothing. Last,
 * in this order, they cost only each other's coverage.
 */
export const LAST_ROUTES: Record<string, string> = {
  'PUT /upms/menu': 'can give a menu or button another permission code',
  'DELETE /upms/menu/{id}': 'can delete the menus and buttons that carry the admin\'s permission codes',
  'PUT /upms/role/menu': 'can replace the admin role\'s menus',
  'DELETE /upms/role/{id}': 'can delete the admin role',
  'PUT /upms/user': 'can lock the admin or replace its roles',
  'DELETE /upms/user/{id}': 'can delete the admin',
};

/** Every operation of the document, plus any registered route the document leaves out (fuzzed without schemas). */
export function routesOf(doc: OpenApiDocument, registered: { method: string; url: string }[] = []): FuzzRoute[] {
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    return doc.components?.schemas?.[schema.$ref.replace(/^#\/components\/schemas\//, '')];
  };
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const pathParams: Record<string, JsonSchema> = {};
      const query: Record<string, JsonSchema> = {};
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path') pathParams[parameter.name] = resolve(parameter.schema) ?? {};
        if (parameter.in === 'query') query[parameter.name] = resolve(parameter.schema) ?? {};
      }
      const body = resolve(operation.requestBody?.content?.['application/json']?.schema);
      routes.push({ method: upper, path, key: `${upper} ${path}`, pathParams, query, ...(body ? { body } : {}) });
    }
  }
  const known = new Set(routes.map((r) => r.key));
  for (const { method, url } of registered) {
    if (['HEAD', 'OPTIONS'].includes(method) || url === '/docs' || url.startsWith('/docs/')) continue;
    const path = url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');
    const key = `${method} ${path}`;
    if (known.has(key)) continue;
    known.add(key);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    routes.push({ method, path, key, pathParams: Object.fromEntries(names.map((n) => [n, {}])), query: {} });
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Junk values

const LONG = 'x'.repeat(100_000);
/** Strings that have broken servers: NUL, lone surrogates, huge and odd numbers, bad dates, injections. */
const nastyStrings = [
  '', ' ', '\u0000', 'a\u0000b', '\u0000'.repeat(64), '\ud800', 'x\udfffy', '\udbff\udbff', '\ufffe', '\uffff', '😀', '\u202e',
  '%', '%00', '%ff', '\\', '"', "'", "' or 1=1 --", '; drop table sys_user; --', '<x>&amp;</x>', '{{7*7}}', '${1}',
  '../../etc/passwd', 'null', 'undefined', 'true', 'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1.5', '0x10', '1e309',
  '99999999999999999999999', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '2147483648', '1e-400',
  '2024-13-45', '2024-02-30', '2024-02-30T25:61:61Z', '0000-00-00', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00.001Z', '-271821-04-20T00:00:00Z', '99999-01-01', '24:00', '23:60',
  '00000000-0000-0000-0000-000000000000', 'ROLE_ADMIN', 'admin', '__proto__', 'constructor',
  'é'.repeat(5_000), '中'.repeat(20_000), LONG,
];
const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\ud83d`) },
);
const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 1e21, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** Nested arrays and objects this deep (a recursive validator or serializer would overflow its stack). */
const deep = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString, nastyNumber, fc.boolean(), fc.constant(null),
    fc.constantFrom<unknown>([], {}, deep(2_000, 'array'), deep(2_000, 'object'), Array.from({ length: 10_000 }, (_, i) => i)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', '\u0000')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// Plausible values from a schema, some of them valid and some only barely wrong

const clampLength = (s: string, schema: JsonSchema) => (schema.maxLength !== undefined ? s.slice(0, Math.max(schema.maxLength, schema.minLength ?? 0, 1)) : s);

/** A value the schema allows (or nearly: NUL and lone surrogates within its length rules, numbers at its bounds). */
function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.anyOf?.length || schema.oneOf?.length) return fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map((s) => plausible(s, depth)));
  const base = plausibleOfType(schema, depth);
  return schema.nullable ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base }) : base;
}

function plausibleOfType(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern) {
        let pattern: RegExp | undefined;
        try {
          pattern = new RegExp(schema.pattern);
        } catch {
          pattern = undefined;
        }
        // Matching strings (the most likely to reach the database: '9999999999999999999', '9999-99-99'), sometimes with NUL.
        if (pattern) {
          const matching = fc.stringMatching(pattern).map((s) => clampLength(s, schema));
          return fc.oneof({ weight: 5, arbitrary: matching }, { weight: 1, arbitrary: matching.map((s) => `${s}\u0000`) });
        }
      }
      const text = fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) }) },
        { weight: 2, arbitrary: nastyString },
        { weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength ?? 10_000)) },
      );
      return text.map((s) => clampLength(s, schema));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1e15;
      const max = schema.maximum ?? 1e15;
      const inRange = fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      return fc.oneof(fc.constantFrom(min, max), type === 'integer' ? inRange.map(Math.trunc) : inRange);
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = schema.items && depth < 4 ? plausible(schema.items, depth + 1) : nastyValue;
      return fc.array(item, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    }
    case 'object':
    default: {
      if (!schema.properties || depth >= 4) return type === 'object' ? fc.constant({}) : nastyValue;
      const required = new Set(schema.required ?? []);
      const fields = Object.entries(schema.properties).map(([name, property]) => {
        const value = plausible(property, depth + 1);
        return required.has(name) ? value.map((v) => [name, v] as const) : fc.option(value.map((v) => [name, v] as const), { nil: undefined, freq: 3 });
      });
      return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((e) => e !== undefined)));
    }
  }
}

/** A schema-shaped object with one or two of its fields (or a field it does not have) replaced by junk. */
function mutated(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const field = names.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'extra', 'constructor') }) : fc.constant('extra');
  return fc.tuple(plausible(schema), fc.array(fc.tuple(field, nastyValue), { minLength: 1, maxLength: 2 })).map(([value, changes]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const changed: Record<string, unknown> = { ...value };
    for (const [name, junk] of changes) Object.defineProperty(changed, name, { value: junk, enumerable: true, writable: true, configurable: true });
    return changed;
  });
}

// ---------------------------------------------------------------------------------------------
// Encoding into a request

/** Percent-encodes a string, lone surrogates included (as their WTF-8 bytes, which are invalid UTF-8). */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

/** Already-encoded URL parts that do not decode to valid UTF-8, or not at all. */
const rawEncoded = fc.constantFrom('%FF', '%C0%80', '%ED%A0%80', '%E4%B8', '%', '%zz', '%%', '%00', 'a%00b', '%F4%90%80%80', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%252e');

const urlValue = (schema: JsonSchema | undefined): fc.Arbitrary<string> => {
  const textOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  return fc.oneof(
    { weight: 3, arbitrary: (schema && Object.keys(schema).length ? plausible(schema) : nastyString).map((v) => percentEncode(textOf(v))) },
    { weight: 3, arbitrary: nastyString.map(percentEncode) },
    { weight: 1, arbitrary: rawEncoded },
  );
};

const queryOf = (query: Record<string, JsonSchema>): fc.Arbitrary<string> => {
  const declared = Object.entries(query).map(([name, schema]) =>
    fc.option(urlValue(schema).map((v) => `${encodeURIComponent(name)}=${v}`), { nil: undefined, freq: 2 }));
  const extra = fc.array(fc.oneof(
    fc.tuple(fc.constantFrom(...Object.keys(query), '__proto__', 'constructor', 'a[b]', 'x'), urlValue(undefined)).map(([k, v]) => `${encodeURIComponent(k)}=${v}`),
    rawEncoded.map((raw) => `${raw}=1`),
    fc.constantFrom('&&', '=', 'a', '&a=1&a=2'),
  ), { maxLength: 2 });
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => {
    const all = [...parts.filter((p) => p !== undefined), ...more];
    return all.length ? `?${all.join('&')}` : '';
  });
};

const urlOf = (route: FuzzRoute): fc.Arbitrary<string> => {
  const names = Object.keys(route.pathParams);
  return fc.tuple(fc.tuple(...names.map((n) => urlValue(route.pathParams[n]))), queryOf(route.query)).map(([values, query]) => {
    let url = route.path;
    names.forEach((name, i) => {
      // An empty segment would be another route (or a 404); keep the route.
      url = url.replace(`{${name}}`, values[i] || '0');
    });
    return url + query;
  });
};

const JSON_TYPE = { 'content-type': 'application/json' };

/** Request bodies that are not JSON, or JSON that is not what any route wants. */
const malformedJson = fc.constantFrom<string | Buffer>(
  '{', '{"a":}', '{"a":1,}', "{'a':1}", '[1,2', 'nul', '"', '\u0000', '{"a":"\u0000"}', '{"a":"\\u0000"}', '{"a":"\\ud800"}',
  '{"a":"\\x41"}', '{"a":1e400}', '{"id":123456789012345678901234567890}', '{"a":1}{"b":2}', '\ufeff{"a":1}', ' ',
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1,"a":2}',
  '['.repeat(100_000), `${'['.repeat(5_000)}${']'.repeat(5_000)}`, `{"a":"${'x'.repeat(900_000)}"}`,
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), // {"a":"<invalid UTF-8>"}
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]), // an encoded lone surrogate
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]), // an overlong NUL
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), // UTF-16 with a byte-order mark
);

const wrongContentType = fc.tuple(
  fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json; charset=latin1',
    'application/json; charset=utf-16', 'application/jsonx', 'image/png', '*/*', ';', 'application/json\u0000', 'text/html; charset=\u00ff'),
  fc.constantFrom<string | Buffer>('a=1&b=2', '<xml><a>1</a></xml>', '{"a":1}', '\u0000\u0001', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff]), ''),
);

/** multipart/form-data that is broken in one of the ways a client or an attacker breaks it. */
const malformedMultipart = fc.tuple(fc.constantFrom('----fuzz', 'x'.repeat(200), 'a b', '"quoted"'), fc.nat({ max: 13 }), nastyString).map(([boundary, which, junk]) => {
  const safeJunk = junk.replace(/[\r\n]/g, '').slice(0, 200);
  const part = (headers: string, body: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.isBuffer(body) ? body : Buffer.from(body), Buffer.from('\r\n')]);
  const end = Buffer.from(`--${boundary}--\r\n`);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  const type = `multipart/form-data; boundary=${boundary}`;
  const cases: [string, Buffer | string][] = [
    ['multipart/form-data', 'no boundary at all'],
    ['multipart/form-data; boundary=', '--\r\n\r\n'],
    [type, ''],
    [type, `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\u0089PNG`], // cut off mid-part
    [type, Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png', png)])], // no closing boundary
    [`multipart/form-data; boundary=other`, Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a.png"', png), end])], // boundary mismatch
    [type, Buffer.concat([Buffer.from(`--${boundary}\r\nnot a header line\r\n\r\nxyz\r\n`), end])],
    [type, Buffer.concat([part(`Content-Disposition: form-data; name="file"; filename="${safeJunk}.png"`, png), end])],
    [type, Buffer.concat([part(`Content-Disposition: form-data; name="${safeJunk}"`, safeJunk), part('Content-Disposition: form-data; name="file"; filename="a.png"', png), end])],
    [type, Buffer.concat([part('Content-Disposition: form-data; name="mediaType"', safeJunk), part('Content-Disposition: form-data; name="file"; filename="a.jpg"', Buffer.from(safeJunk)), end])],
    [type, Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a.png"', png), part('Content-Disposition: form-data; name="file"; filename="b.png"', png), end])],
    [type, Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a.png"', png), part('Content-Disposition: form-data; name="a"', 'x'.repeat(10_000)), end])],
    [type, Buffer.concat([...Array.from({ length: 40 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, '1')), end])],
    [type, Buffer.concat([part('Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: \u0000', png), end])],
  ];
  const [contentType, payload] = cases[which]!;
  return { contentType, payload, kind: `malformed multipart #${which}` };
});

/** Arbitrary requests for one route: its URL with junk in it, and one of the kinds of bad body. */
export function requestsFor(route: FuzzRoute): fc.Arbitrary<FuzzInput> {
  const url = urlOf(route);
  const { method } = route;
  const req = (u: string, kind: string, headers: Record<string, string> = {}, payload?: string | Buffer): FuzzInput =>
    ({ method, url: u, headers, kind, ...(payload === undefined ? {} : { payload }) });
  if (method === 'GET' || (method === 'DELETE' && !route.body)) return url.map((u) => req(u, 'junk URL'));
  const kinds: fc.WeightedArbitrary<FuzzInput>[] = [
    { weight: 1, arbitrary: url.map((u) => req(u, 'no body')) },
    { weight: 2, arbitrary: fc.tuple(url, nastyValue).map(([u, v]) => req(u, 'junk JSON body', JSON_TYPE, JSON.stringify(v) ?? 'null')) },
    { weight: 2, arbitrary: fc.tuple(url, malformedJson).map(([u, body]) => req(u, 'malformed JSON', JSON_TYPE, body)) },
    { weight: 1, arbitrary: fc.tuple(url, wrongContentType).map(([u, [type, body]]) => req(u, 'wrong content type', { 'content-type': type }, body)) },
    // Upload routes take no JSON body: give them more broken multipart.
    { weight: route.body ? 1 : 4, arbitrary: fc.tuple(url, malformedMultipart).map(([u, m]) => req(u, m.kind, { 'content-type': m.contentType }, m.payload)) },
  ];
  if (route.body) {
    kinds.push(
      { weight: 4, arbitrary: fc.tuple(url, mutated(route.body)).map(([u, v]) => req(u, 'schema-shaped body with junk fields', JSON_TYPE, JSON.stringify(v) ?? 'null')) },
      { weight: 4, arbitrary: fc.tuple(url, plausible(route.body)).map(([u, v]) => req(u, 'schema-shaped body', JSON_TYPE, JSON.stringify(v) ?? 'null')) },
    );
  }
  return fc.oneof(...kinds);
}

// ---------------------------------------------------------------------------------------------
// Running

export interface FuzzAnswer { status: number; body: string }
export interface FuzzFailure { route: string; input: FuzzInput; status: number; body: string }

export interface FuzzOptions {
  /** Inputs per route. */
  runs: number;
  seed: number;
  /** Sends one request with the fuzzer's headers added. */
  send: (input: FuzzInput) => Promise<FuzzAnswer>;
  /** Called after a 401: answers whether the fuzzer is still signed in (else it signs in again and records the route). */
  stillSignedIn?: () => Promise<boolean>;
  skip?: Record<string, string>;
  /** Routes fuzzed after every other one, in this order (default LAST_ROUTES). */
  last?: Record<string, string>;
}

export interface FuzzReport {
  requests: number;
  perRoute: Map<string, { requests: number; statuses: Map<number, number> }>;
  failures: FuzzFailure[];
  /** Routes after which the fuzzer was no longer signed in (with the input). */
  signedOut: FuzzFailure[];
}

/** Sends `runs` generated inputs to every route, in order; records every 5xx with its input. */
export async function fuzzRoutes(routes: FuzzRoute[], options: FuzzOptions): Promise<FuzzReport> {
  const skip = options.skip ?? SKIPPED_ROUTES;
  const lastKeys = Object.keys(options.last ?? LAST_ROUTES);
  const rank = (key: string) => lastKeys.indexOf(key);
  const ordered = routes.map((route, index) => ({ route, index })).filter(({ route }) => !skip[route.key])
    .sort((a, b) => rank(a.route.key) - rank(b.route.key) || a.index - b.index);
  const report: FuzzReport = { requests: 0, perRoute: new Map(), failures: [], signedOut: [] };
  for (const { route, index } of ordered) {
    const inputs = fc.sample(requestsFor(route), { numRuns: options.runs, seed: options.seed + index });
    const counts = { requests: 0, statuses: new Map<number, number>() };
    report.perRoute.set(route.key, counts);
    for (const input of inputs) {
      const answer = await options.send(input);
      report.requests++;
      counts.requests++;
      counts.statuses.set(answer.status, (counts.statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) report.failures.push({ route: route.key, input, status: answer.status, body: answer.body });
      if (answer.status === 401 && options.stillSignedIn && !(await options.stillSignedIn())) {
        report.signedOut.push({ route: route.key, input, status: answer.status, body: answer.body });
      }
    }
  }
  return report;
}

/** A failure as one readable line: route, status, answer, and the input (escaped, long parts cut). */
export function describeFailure(f: FuzzFailure): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const payload = f.input.payload === undefined ? '' : Buffer.isBuffer(f.input.payload)
    ? ` body(hex)=${cut(f.input.payload.toString('hex'))}` : ` body=${cut(JSON.stringify(f.input.payload))}`;
  return `${f.route} → ${f.status} ${cut(f.body)}\n    ${f.input.kind}: ${f.input.method} ${cut(f.input.url)} ${JSON.stringify(f.input.headers)}${payload}`;
}
