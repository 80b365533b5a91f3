// Types for the icon drawer, so the store-images test imports it under strict TypeScript.
export function icon(size: number, padding?: number): Buffer;
