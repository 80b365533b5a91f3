// Types of the boundary table, for the tests that read it.
export const ZOD_FREE: readonly string[];
export const FEATURES: readonly string[];
export const BOUNDARIES: readonly unknown[];
export function featuresIn(root: string): string[];
export function boundariesFor(features: readonly string[]): unknown[];
