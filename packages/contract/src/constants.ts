/** The specification's business constants (section 9). */
export const PRODUCT_KEY = 'canteen';
export const DEFAULT_TITLE = 'Canteen';
export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
// The specification's "tokenTime 6000" names no behaviour (the refresh rule is the tick and the
// threshold below, and the token's lifetime is the server's expires_in), so it has no constant.
export const TOKEN_REFRESH_TICK_S = 10;
export const TOKEN_REFRESH_THRESHOLD_S = 1000;
export const TEMP_MEDIA_EXPIRY_MS = 259_200_000;
export const LOG_BADGE_MAX = 99;
export const DEFAULT_THEME_COLOR = '#409EFF';
export const MATERIAL_PAGE_SIZE = 20;
export const MATERIAL_PAGE_SIZES = [10, 20] as const;
export const BELL_PAGE_SIZE = 10;
export const HISTORY_PAGE_SIZE = 14;
/** The header that marks a call as tokenless (sent without the bearer token). */
export const TOKENLESS_HEADER = 'isToken';
/**
 * The header of a mutating call's idempotency key: a fresh random key per call from the web app;
 * the server refuses a key it has already taken (409, the 000 message).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/**
 * The diners' page's header with the secret of the pay-later tab its device opened (given once,
 * by the creation that opened it): reading the table's tab, adding to it and asking for its bill
 * need it, so a table's QR code alone reaches nobody's tab (issue 22 #5).
 */
export const TAB_SECRET_HEADER = 'x-tab-secret';
