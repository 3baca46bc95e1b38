import { fenToYuan, yuanToFen, type SpecGroupRecord, type specGroupBodySchema } from '@canteen/contract';
import type { z } from 'zod';

export type SpecGroupBody = z.input<typeof specGroupBodySchema>;

export interface SpecOptionValues {
  id?: string;
  name: string;
  /** Yuan, two decimals; may be negative (a smaller portion). */
  priceDelta: number | null;
  isDefault: boolean;
  enabled: boolean;
}

export interface SpecFormValues {
  name: string;
  selection: 'single' | 'multiple';
  minSelect: number;
  maxSelect: number;
  sort: number;
  options: SpecOptionValues[];
}

export const OPTIONS_MAX = 30;

export const newSpecForm = (): SpecFormValues => ({
  name: '',
  selection: 'single',
  minSelect: 1,
  maxSelect: 1,
  sort: 0,
  options: [{ name: '', priceDelta: 0, isDefault: true, enabled: true }],
});

export const toSpecForm = (g: SpecGroupRecord): SpecFormValues => ({
  name: g.name,
  selection: g.selection,
  minSelect: g.minSelect,
  maxSelect: g.maxSelect,
  sort: g.sort,
  options: [...g.options]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((o) => ({ id: o.id, name: o.name, priceDelta: Number(fenToYuan(o.priceDelta)), isDefault: o.isDefault ?? false, enabled: o.enabled ?? true })),
});

export const toSpecBody = (storeId: string, v: SpecFormValues): SpecGroupBody => ({
  storeId,
  name: v.name.trim(),
  selection: v.selection,
  minSelect: v.minSelect,
  maxSelect: v.selection === 'single' ? 1 : v.maxSelect,
  sort: v.sort,
  options: v.options.map((o, index) => ({
    ...(o.id ? { id: o.id } : {}),
    name: o.name.trim(),
    priceDelta: yuanToFen(o.priceDelta ?? 0),
    isDefault: o.isDefault,
    enabled: o.enabled,
    sort: index,
  })),
});

/**
 * What is wrong with the options as a whole (an i18n key under `storeSpec.v`), or null: the
 * contract's and the server's rules, checked before sending.
 */
export function optionsProblem(v: Pick<SpecFormValues, 'selection' | 'maxSelect'> & { options?: Array<Partial<SpecOptionValues> | undefined> }): string | null {
  const options = (v.options ?? []).filter((o): o is Partial<SpecOptionValues> => o !== undefined);
  if (options.length === 0) return 'noOptions';
  if (options.length > OPTIONS_MAX) return 'tooManyOptions';
  const names = options.map((o) => (o.name ?? '').trim()).filter(Boolean);
  if (new Set(names).size !== names.length) return 'duplicate';
  const defaults = options.filter((o) => o.isDefault);
  if (defaults.some((o) => o.enabled === false)) return 'disabledDefault';
  if (v.selection === 'single' && defaults.length > 1) return 'oneDefault';
  if (v.selection === 'multiple' && defaults.length > (v.maxSelect ?? 1)) return 'tooManyDefaults';
  return null;
}
