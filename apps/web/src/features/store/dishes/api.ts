import { useQuery } from '@tanstack/react-query';
import { categoryEndpoints, dishEndpoints, specGroupEndpoints, type CategoryRecord, type SpecGroupRecord } from '@canteen/contract';
import { api } from '../../../shared/http/client';
import { call } from '../../../shared/http/call';

/**
 * Query key prefixes: each is the resource's base path, the same prefix the store's other
 * screens (菜品分类, 规格) read and invalidate under, so a change on one screen refreshes the
 * choices of another.
 */
export const DISHES_KEY = dishEndpoints.create.path;
export const CATEGORIES_KEY = categoryEndpoints.create.path;
export const SPECS_KEY = specGroupEndpoints.create.path;
export const MENU_KEY = '/store/menu';

/** The store's categories of one kind, in menu order (the category filter and pickers). */
export const useCategories = (storeId: string, kind: CategoryRecord['kind']) =>
  useQuery({
    queryKey: [CATEGORIES_KEY, 'options', storeId, kind],
    queryFn: async () => (await call(categoryEndpoints.page, { query: { storeId, kind, current: 1, size: 1000, ascs: 'sort' } })).records,
  });

/** The store's option groups (规格), in their order, for the dish editor. */
export const useSpecGroups = (storeId: string, enabled = true) =>
  useQuery({
    queryKey: [SPECS_KEY, 'options', storeId],
    queryFn: async (): Promise<SpecGroupRecord[]> => (await call(specGroupEndpoints.page, { query: { storeId, current: 1, size: 1000, ascs: 'sort' } })).records,
    enabled,
  });

/** A picture uploaded to an image endpoint (multipart, field `file`): the key to save and its URL. */
export async function uploadImage(path: string, file: File): Promise<{ key: string; url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ key: string; url: string }>(path, form);
}
