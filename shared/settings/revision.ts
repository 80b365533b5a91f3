// The saved settings' revision: a hash the surface view carries, so an open Options page learns the settings changed elsewhere.
import { canonicalJson, contentHash } from '../util/hash';
import type { Settings } from './stored-settings';

/** Settings records are replaced, never mutated: one hash per record, not one per published view. */
const revisions = new WeakMap<Settings, string>();

export function settingsRevision(settings: Settings): string {
  let revision = revisions.get(settings);
  if (revision === undefined) {
    revision = contentHash(canonicalJson(settings));
    revisions.set(settings, revision);
  }
  return revision;
}
