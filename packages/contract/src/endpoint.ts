import type { z } from 'zod';
import type { PermissionCode } from './permissions.js';

/**
 * What makes a route costly to serve, for its rate limit per user and per client address (the
 * server holds the numbers, apps/server/src/http/route-limits.ts): uploads, files generated on
 * request (QR codes, PDF sheets), syncs pulling from the messaging platform, whole-table checks
 * and batch creations.
 */
export type RateLimitKind = 'upload' | 'export' | 'platformSync' | 'check' | 'batch';

/**
 * Who may call an endpoint: exactly one of permission, signedIn or public (the server's access
 * control enforces it), and how often when the route is costly.
 */
export type EndpointAccess = ({ permission: PermissionCode } | { signedIn: true } | { public: true }) & { rateLimit?: RateLimitKind };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call, declared once and used by both sides: the server registers its route from it
 * (schemas, access, OpenAPI summary) and the web app calls it through `call()`, so neither
 * re-declares a path, a body or an answer. `path` uses Fastify's `:name` parameters; `data` is
 * the schema of the envelope's `data`, or of the whole answer when `raw` is set.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** A short Chinese name of the action: the OpenAPI summary and the operation log's title. */
  summary: string;
  /** What else the API's reader needs to know (OpenAPI description). */
  description?: string;
  /** OpenAPI tag, e.g. `upms:dept`. */
  tag: string;
  access: EndpointAccess;
  params?: Params;
  query?: Query;
  body?: Body;
  data: Data;
  /**
   * The answer is `data` itself, without the `{ code, msg, data }` envelope (the OAuth token
   * routes answer the raw OAuth JSON the specification fixes).
   */
  raw?: boolean;
}

/** Declares an endpoint, keeping its exact schema types. */
export const endpoint = <
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Data extends z.ZodType = z.ZodType,
>(definition: Endpoint<Params, Query, Body, Data>) => definition;

type Infer<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The schemas an endpoint was declared with (`undefined` where it takes none). */
type Parts<E> = E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? { params: P; query: Q; body: B } : never;

/** What a caller sends: path parameters, query and body, as the endpoint's schemas take them. */
export type EndpointInput<E extends Endpoint> = {
  [K in keyof Parts<E> as Parts<E>[K] extends z.ZodType ? K : never]: Infer<Parts<E>[K]>;
};
/** What a handler receives, after the schemas have parsed the request. */
export type EndpointRequest<E extends Endpoint> = { [K in keyof Parts<E>]: Output<Parts<E>[K]> };
/** The envelope's `data` of an endpoint's answer (the whole answer of a `raw` endpoint). */
export type EndpointData<E extends Endpoint> = z.output<E['data']>;

/** The concrete path of a call: `/upms/dept/:id` with `{ id: '3' }` → `/upms/dept/3`. */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
}
