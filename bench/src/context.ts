import type { Load } from './load.js';
import type { Running } from './processes.js';

/** What every suite gets: the product server on PGlite, and the bare baseline measured once. */
export interface BenchContext {
  server: Running;
  baseline: Load;
}
