import type { Db } from '../../db/client.js';

/** Dish and combo ids, as asked of a reference source and as answered by it. */
export interface CatalogueIds {
  dishIds: readonly string[];
  comboIds: readonly string[];
}

/** Which of the ids the source's records name (e.g. the lines of orders), in the caller's transaction. */
export type CatalogueReferenceSource = (tx: Db, ids: CatalogueIds) => Promise<CatalogueIds>;

/**
 * Records of later modules that name catalogue items by id. A deleted dish or combo is only
 * archived while any of them names it; one nothing names may go for good. Later modules register
 * their source (imports flow one way: the store side never reads their tables).
 */
export class CatalogueReferences {
  private readonly sources: CatalogueReferenceSource[] = [];

  register(source: CatalogueReferenceSource): void {
    this.sources.push(source);
  }

  /** The ids of `ids` that any registered source names. */
  async named(tx: Db, ids: CatalogueIds): Promise<{ dishIds: Set<string>; comboIds: Set<string> }> {
    const named = { dishIds: new Set<string>(), comboIds: new Set<string>() };
    if (!ids.dishIds.length && !ids.comboIds.length) return named;
    for (const source of this.sources) {
      const found = await source(tx, ids);
      for (const id of found.dishIds) named.dishIds.add(id);
      for (const id of found.comboIds) named.comboIds.add(id);
    }
    return named;
  }
}
