import { registerBellSources, type BellSource } from '../shared/bell/bell';

// Each feature's `bell.ts` (an exported array of sources), joined for the header bell without
// naming the features here.
const featureSources = import.meta.glob<Record<string, unknown>>('../features/*/bell.ts', { eager: true });
for (const module of Object.values(featureSources)) {
  for (const list of Object.values(module)) if (Array.isArray(list)) registerBellSources(list as BellSource<unknown>[]);
}
