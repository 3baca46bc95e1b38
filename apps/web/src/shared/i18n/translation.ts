/**
 * Another language's form of a bundle: the same keys at every level, each text a string. The
 * Chinese bundle is the reference; an English bundle missing one of its keys (or adding one)
 * fails the typecheck.
 */
export type Translation<T> = T extends string ? string : { [K in keyof T]: Translation<T[K]> };
