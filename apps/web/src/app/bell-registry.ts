import { registerBellSources, type BellSource } from '../shared/bell/bell';
import { listsOf } from './feature-exports';

// Each feature's `bell.ts` (an exported array of sources), joined for the header bell without
// naming the features here.
const featureSources = import.meta.glob<Record<string, unknown>>('../features/*/bell.ts', { eager: true });
registerBellSources(listsOf<BellSource<unknown>>(featureSources));
