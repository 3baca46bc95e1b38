import { and, asc, count, eq, ilike, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointData, Page, PageQuery } from '@canteen/contract';
import type { Db } from '../db/client.js';
import { declareConstraints, type ConstraintMessage } from './db-errors.js';
import { serve } from './endpoint.js';
import { badRequest, conflict, notFound } from './errors.js';
import { paginate, type SortWhitelist } from './paging.js';

/**
 * A filter for `filters`: the column contains the text, case-insensitively (`%`, `_` and `\`
 * in the text match themselves); no condition when the text is empty.
 */
export const contains = (column: AnyColumn | SQL, text: string | undefined): SQL | undefined =>
  text ? ilike(column, `%${text.replace(/[\\%_]/g, '\\$&')}%`) : undefined;

/** A table with a string `id` column (`idColumn()`). */
export type ResourceTable = PgTable & { id: AnyPgColumn<{ data: string }> };
type Row<T extends ResourceTable> = T['$inferSelect'];
type Insert<T extends ResourceTable> = T['$inferInsert'];

/** What every hook gets: the database and the request being served (its user, its scope). */
export interface ResourceContext {
  db: Db;
  request: FastifyRequest;
}

/**
 * The part of the table a request may see and write, e.g. the stores assigned to the user:
 * `where` is added to every read, update and delete (a row outside it is a 404), `values`
 * are forced on every insert and update (a client cannot move a row out of its scope).
 */
export interface ResourceScope<T extends ResourceTable> {
  where?: SQL | undefined;
  values?: Partial<Insert<T>>;
}

/**
 * Something that refers to a row, checked before a delete: while `count` > 0 the delete is a
 * 409 naming what and how many (`该部门还有 3 个用户…`).
 */
export interface ResourceReference {
  /** The referring column (`sysUser.deptId`): counts the rows whose column is the id. */
  column?: AnyPgColumn;
  /** Or a count of one's own. */
  count?: (ctx: ResourceContext, id: string) => Promise<number>;
  /** What refers, counted: `用户` → `该部门仍被 3 个用户引用，不能删除`. */
  what: string;
  /** A message of one's own for `n` referring rows. */
  message?: (n: number) => string;
}

/** A write that happened, for `afterWrite`. */
export interface ResourceWrite<B> {
  action: 'create' | 'update' | 'delete';
  id: string;
  /** The request body of a create or update. */
  body?: B;
  /** The row as it was, for an update or a delete. */
  existing?: Record<string, unknown>;
}

type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

export interface ResourceSpec<T extends ResourceTable, Rec, Q extends PageQuery, B, U extends { id?: string | null | undefined }> {
  table: T;
  /** What one row is called in messages: `终端` → `终端 5 不存在`. */
  label: string;
  /** The contract endpoints it serves (usually `crudEndpoints(...)`, or some of them). */
  endpoints: {
    page?: Endpoint<undefined, z.ZodType<Q>, undefined, z.ZodType<Page<Rec>>> | undefined;
    get?: Endpoint<z.ZodType<{ id: string }>, undefined, undefined, z.ZodType<Rec>> | undefined;
    create?: Endpoint<undefined, undefined, z.ZodType<B>, z.ZodType<Rec>> | undefined;
    update?: Endpoint<undefined, undefined, z.ZodType<U>, z.ZodType<Rec>> | undefined;
    remove?: Endpoint<z.ZodType<{ id: string }>, undefined, undefined, z.ZodType<boolean>> | undefined;
  };
  /** The columns the page may be sorted by (snake_case name → column); anything else is a 400. None when left out. */
  sortable?: SortWhitelist;
  /** The order when the query names none; id ascending by default. */
  order?: SQL[];
  /** Conditions from the page query (undefined ones are skipped). */
  filters?: (query: Q) => Array<SQL | undefined>;
  /** Row → answer. */
  toRecord?: (row: Row<T>) => Rec;
  /** Rows → answers, for records that need more than the row (one query for the whole page). */
  toRecords?: (rows: Array<Row<T>>, ctx: ResourceContext) => Promise<Rec[]>;
  /** Body → row to insert (the scope's values are added). */
  insert?: (body: B, ctx: ResourceContext) => Insert<T> | Promise<Insert<T>>;
  /** Body → the columns an update sets (the scope's values and `updatedAt` are added). */
  change?: (body: U, row: Row<T>, ctx: ResourceContext) => Partial<Insert<T>> | Promise<Partial<Insert<T>>>;
  /** Messages of the table's unique (or check) constraints by name; a generic message otherwise. */
  unique?: Record<string, ConstraintMessage>;
  /** The request's part of the table (see `ResourceScope`); the whole table when left out. */
  scope?: (request: FastifyRequest) => ResourceScope<T>;
  /** Extra validation before a create (`existing` undefined) or an update. */
  validate?: (body: B | U, ctx: ResourceContext & { existing?: Row<T> | undefined }) => void | Promise<void>;
  /** What must not refer to a row that is deleted. */
  referencedBy?: ResourceReference[];
  /** Checks of one's own before a delete (after the references). */
  beforeDelete?: (row: Row<T>, ctx: ResourceContext) => void | Promise<void>;
  /** After every successful write: cache clears, dependent rows (a user's roles), sessions. */
  afterWrite?: (write: ResourceWrite<B | U>, ctx: ResourceContext) => void | Promise<void>;
}

/** A declared resource: its operations (for other routes and tests) and `serve(app)`. */
export interface Resource<T extends ResourceTable, Rec, Q extends PageQuery, B, U extends { id?: string | null | undefined }> {
  spec: ResourceSpec<T, Rec, Q, B, U>;
  page(ctx: ResourceContext, query: Q): Promise<Page<Rec>>;
  /** The row within the request's scope, or a 404. */
  row(ctx: ResourceContext, id: string): Promise<Row<T>>;
  get(ctx: ResourceContext, id: string): Promise<Rec>;
  create(ctx: ResourceContext, body: B): Promise<Rec>;
  update(ctx: ResourceContext, body: U): Promise<Rec>;
  remove(ctx: ResourceContext, id: string): Promise<void>;
  /** Registers the declared endpoints on `app` (the database is `app.database.db` unless given). */
  serve(app: FastifyInstance, db?: Db): void;
}

/**
 * Declares a paged list / get / create / update / delete resource on one table: the
 * operations follow the specification's shape (page with whitelisted sort, 404 by label,
 * unique violations as 409 by constraint, 409 while something refers to a deleted row), and
 * the spec keeps only what is the resource's own.
 */
export function defineResource<T extends ResourceTable, Rec, Q extends PageQuery, B, U extends { id?: string | null | undefined }>(
  spec: ResourceSpec<T, Rec, Q, B, U>,
): Resource<T, Rec, Q, B, U> {
  const { table, label } = spec;
  if (spec.unique) declareConstraints(spec.unique);
  const t = table as unknown as ResourceTable & Record<string, unknown>;
  const idCol = t.id;
  const order = spec.order ?? [asc(idCol)];
  const stamped = 'updatedAt' in t;
  const scopeOf = (ctx: ResourceContext): ResourceScope<T> => spec.scope?.(ctx.request) ?? {};
  const toRecords = async (rows: Array<Row<T>>, ctx: ResourceContext): Promise<Rec[]> => {
    if (spec.toRecords) return spec.toRecords(rows, ctx);
    if (spec.toRecord) return rows.map(spec.toRecord);
    return rows as unknown as Rec[];
  };
  // drizzle's builders are typed per table; the kit works on any table, so it goes through `any`.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const from = (ctx: ResourceContext) => ctx.db.select().from(table as any);
  const whereId = (ctx: ResourceContext, id: string) => and(eq(idCol, id), scopeOf(ctx).where);

  const row = async (ctx: ResourceContext, id: string): Promise<Row<T>> => {
    const [found] = await from(ctx).where(whereId(ctx, id));
    if (!found) throw notFound(`${label} ${id} 不存在`);
    return found;
  };
  const get = async (ctx: ResourceContext, id: string) => (await toRecords([await row(ctx, id)], ctx))[0]!;

  const resource: Resource<T, Rec, Q, B, U> = {
    spec,
    row,
    get,
    async page(ctx, query) {
      const where = and(scopeOf(ctx).where, ...(spec.filters?.(query) ?? []));
      const page = await paginate(query, spec.sortable ?? {}, {
        count: async () => (await ctx.db.select({ n: count() }).from(table as any).where(where))[0]!.n,
        rows: ({ order: by, limit, offset }) => from(ctx).where(where).orderBy(...by).limit(limit).offset(offset) as Promise<Array<Row<T>>>,
      }, order);
      return { ...page, records: await toRecords(page.records, ctx) };
    },
    async create(ctx, body) {
      if (!spec.insert) throw new Error(`${label}: no insert declared`);
      await spec.validate?.(body, { ...ctx, existing: undefined });
      const values = { ...(await spec.insert(body, ctx)), ...scopeOf(ctx).values };
      const [created] = await ctx.db.insert(table as any).values(values as Record<string, unknown>).returning({ id: idCol });
      const id = (created as { id: string }).id;
      await spec.afterWrite?.({ action: 'create', id, body }, ctx);
      return get(ctx, id);
    },
    async update(ctx, body) {
      if (!spec.change) throw new Error(`${label}: no change declared`);
      const id = body.id;
      if (!id) throw badRequest(`id: 修改${label}需要 id`);
      const existing = await row(ctx, id);
      await spec.validate?.(body, { ...ctx, existing });
      const set = { ...(await spec.change(body, existing, ctx)), ...scopeOf(ctx).values, ...(stamped ? { updatedAt: new Date() } : {}) };
      await ctx.db.update(table as any).set(set).where(whereId(ctx, id));
      await spec.afterWrite?.({ action: 'update', id, body, existing }, ctx);
      return get(ctx, id);
    },
    async remove(ctx, id) {
      const existing = await row(ctx, id);
      for (const ref of spec.referencedBy ?? []) {
        const n = ref.count
          ? await ref.count(ctx, id)
          : ref.column
            ? (await ctx.db.select({ n: count() }).from(ref.column.table).where(eq(ref.column, id)))[0]!.n
            : 0;
        if (n > 0) throw conflict(ref.message?.(n) ?? `该${label}仍被 ${n} 个${ref.what}引用，不能删除`);
      }
      await spec.beforeDelete?.(existing, ctx);
      await ctx.db.delete(table as any).where(whereId(ctx, id));
      await spec.afterWrite?.({ action: 'delete', id, existing }, ctx);
    },
    serve(app, db = app.database.db) {
      const ctx = (request: FastifyRequest): ResourceContext => ({ db, request });
      const e = spec.endpoints;
      const on = <E extends AnyEndpoint>(endpoint: E | undefined, handler: (input: any, request: FastifyRequest) => Promise<unknown>) => {
        if (endpoint) serve(app, endpoint, (input, request) => handler(input, request) as Promise<EndpointData<E>>);
      };
      on(e.page, ({ query }, request) => resource.page(ctx(request), query as Q));
      on(e.get, ({ params }, request) => resource.get(ctx(request), (params as { id: string }).id));
      on(e.create, ({ body }, request) => resource.create(ctx(request), body as B));
      on(e.update, ({ body }, request) => resource.update(ctx(request), body as U));
      on(e.remove, async ({ params }, request) => {
        await resource.remove(ctx(request), (params as { id: string }).id);
        return true;
      });
    },
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
  return resource;
}
