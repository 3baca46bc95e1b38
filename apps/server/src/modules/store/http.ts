import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageQuery } from '@canteen/contract';
import { serve } from '../../http/endpoint.js';
import type { Resource, ResourceContext, ResourceTable } from '../../http/resource.js';
import { assertStore } from './scope.js';

const touched = new WeakMap<FastifyRequest, Set<string>>();

/**
 * Notes that the request's transaction bumped a store's menu version; `menuChanged` tells this
 * instance's ordering-menu cache once the transaction has committed.
 */
export function menuTouched(request: FastifyRequest, storeId: string): void {
  const stores = touched.get(request) ?? new Set<string>();
  stores.add(storeId);
  touched.set(request, stores);
}

/** After the commit: the ordering-menu cache forgets the stores the request changed. */
export function menuChanged(app: FastifyInstance, request: FastifyRequest): void {
  const stores = touched.get(request);
  if (!stores) return;
  touched.delete(request);
  for (const storeId of stores) app.store.menu.changed(storeId);
}

const onCommit = new WeakMap<FastifyRequest, Array<() => Promise<void>>>();

/**
 * Runs `work` once the request's write has committed, and not at all if it rolls back: what
 * others hear of (a live event) must be what they can read.
 */
export function afterCommit(request: FastifyRequest, work: () => Promise<void>): void {
  const queue = onCommit.get(request) ?? [];
  queue.push(work);
  onCommit.set(request, queue);
}

/**
 * Serves a store-side resource: the kit's operations, with two rules of the store side added.
 * A page query naming a store the user may not see is a 404 (not an empty page), and every
 * write runs in one transaction with its hooks, so the menu version bumped in `afterWrite`
 * (and any rows a hook writes) commit or roll back with the row itself; after the commit the
 * ordering-menu cache hears of the stores a hook marked with `menuTouched`, and what a hook
 * left to `afterCommit` runs.
 */
export function serveStoreResource<T extends ResourceTable, Rec, Q extends PageQuery, B, U extends { id?: string | null | undefined }>(
  app: FastifyInstance,
  resource: Resource<T, Rec, Q, B, U>,
): void {
  const db = app.database.db;
  const e = resource.spec.endpoints;
  const inTransaction = async <R>(request: FastifyRequest, work: (ctx: ResourceContext) => Promise<R>): Promise<R> => {
    try {
      const result = await db.transaction((tx) => work({ db: tx, request }));
      for (const committed of onCommit.get(request) ?? []) await committed();
      return result;
    } finally {
      onCommit.delete(request);
      // A rolled-back write changed nothing, but forgetting a cached menu is harmless.
      menuChanged(app, request);
    }
  };
  if (e.page) {
    serve(app, e.page, ({ query }, request) => {
      const storeId = (query as { storeId?: string }).storeId;
      if (storeId) assertStore(request, storeId);
      return resource.page({ db, request }, query);
    });
  }
  if (e.get) serve(app, e.get, ({ params }, request) => resource.get({ db, request }, params.id));
  if (e.create) serve(app, e.create, ({ body }, request) => inTransaction(request, (ctx) => resource.create(ctx, body)));
  if (e.update) serve(app, e.update, ({ body }, request) => inTransaction(request, (ctx) => resource.update(ctx, body)));
  if (e.remove) {
    serve(app, e.remove, async ({ params }, request) => {
      await inTransaction(request, (ctx) => resource.remove(ctx, params.id));
      return true;
    });
  }
}
