// Whether an untrusted value is a plain JSON object (not null, not an array): the first check of every hand-read frame or CLI answer.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
