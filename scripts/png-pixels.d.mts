// Types of scripts/png-pixels.mjs.
export function pngPixels(bytes: Buffer): { width: number; height: number; rgba: Buffer };
export function samePixels(a: Buffer, b: Buffer): boolean;
