/**
 * What the app joins from the features without naming them: each registry globs one file name
 * across `features/*` (import.meta.glob takes only a literal pattern, so each registry writes its
 * own) and reads the exports here.
 */
type FeatureModules = Record<string, Record<string, unknown>>;

/** Every value those files export, named or default. */
export const exportsOf = (modules: FeatureModules): unknown[] => Object.values(modules).flatMap((module) => Object.values(module));

/** The arrays those files export, joined into one list. */
export const listsOf = <T>(modules: FeatureModules): T[] => exportsOf(modules).filter(Array.isArray).flat() as T[];
