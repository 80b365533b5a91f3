// Records this release wrote, known again on read by a fingerprint stored beside each: a woken worker skips their schemas.
import { canonicalJson, contentHash } from '../shared/util/hash';

/**
 * Why: a tab switch wakes the worker, and building and running the stored records' schemas was most
 * of its start (the badge waited on it). What this release itself wrote from state it already holds
 * needs no second check; anything else — another release's record, one changed by hand or by a fault,
 * one with no fingerprint — does not match and is validated as before. The fingerprint is no defence
 * against a forger (none is needed: whoever can write this extension's storage can write the records).
 */
export const checkedKey = (key: string): string => `checked:${key}`;

/** The release is part of the fingerprint: after an update every record is validated once by the new schemas. */
export function fingerprint(release: string, value: unknown): string {
  return contentHash(`${release}\n${canonicalJson(value)}`);
}

/** The items to store: the record and its fingerprint, in one write so neither is ever seen without the other. */
export function withFingerprint(release: string, key: string, value: unknown): Record<string, unknown> {
  return { [key]: value, [checkedKey(key)]: fingerprint(release, value) };
}

/** Whether `area[key]` is exactly what this release stored there (then it is used as it is). */
export function storedByThisRelease(release: string, area: Record<string, unknown>, key: string): boolean {
  const raw = area[key];
  const stored = area[checkedKey(key)];
  return raw !== undefined && raw !== null && typeof stored === 'string' && stored === fingerprint(release, raw);
}
