// Types of the boundary table, for the tests that read it.
export const ZOD_FREE: readonly string[];
export const FEATURES: readonly string[];
export const BOUNDARIES: readonly unknown[];
