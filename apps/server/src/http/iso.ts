/** ISO 8601 for JSON. */
export const iso = (at: Date): string => at.toISOString();

/** ISO 8601 for JSON, or null when there is no time (a raw query's row may hold the text PostgreSQL sent). */
export const isoOrNull = (at: Date | string | null | undefined): string | null =>
  at == null ? null : (typeof at === 'string' ? new Date(at) : at).toISOString();
