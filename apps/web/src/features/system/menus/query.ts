import { menuQuerySchema } from '@canteen/contract';

/** What the menu form's query text can be wrong about (an i18n key under `system.menu`). */
export type MenuQueryProblem = 'queryFormat' | 'queryRule';

/**
 * The 菜单管理 form's query text → the menu's query parameters. Either a JSON object (values
 * that are strings, numbers or booleans) or `key=value` pairs separated by `&` or new lines;
 * empty text is no query (null). The pairs then follow the contract's rule (names without
 * blanks, `&` or `=`, at most 20).
 */
export function parseMenuQuery(text: string | null | undefined): { query: Record<string, string> | null } | { problem: MenuQueryProblem } {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { query: null };
  let query: Record<string, string>;
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return { problem: 'queryFormat' };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'queryFormat' };
    const entries = Object.entries(parsed);
    if (!entries.every(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))) return { problem: 'queryFormat' };
    query = Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
  } else {
    const pairs = trimmed.split(/[&\n]/).map((p) => p.trim()).filter(Boolean);
    if (!pairs.every((p) => /^[^=]+=/.test(p))) return { problem: 'queryFormat' };
    query = Object.fromEntries(pairs.map((p) => {
      const at = p.indexOf('=');
      return [p.slice(0, at).trim(), p.slice(at + 1).trim()];
    }));
  }
  if (!menuQuerySchema.safeParse(query).success) return { problem: 'queryRule' };
  return { query: Object.keys(query).length ? query : null };
}

/** The menu's query parameters as the form shows them: `a=1&b=2`, or JSON when a value holds `&`, `=` or a line break. */
export function formatMenuQuery(query: Record<string, string> | null | undefined): string {
  const entries = Object.entries(query ?? {});
  if (!entries.length) return '';
  if (entries.some(([, v]) => /[&=\n]/.test(v))) return JSON.stringify(query);
  return entries.map(([k, v]) => `${k}=${v}`).join('&');
}
