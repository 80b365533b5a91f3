// The allowed entries a coach answer suggests, cleaned: trimmed, de-duplicated, no blanks, none cut.
import { cleanText } from './sanitize';

/** Longest allowed entry kept, in code points. Longer ones are dropped, not cut: a cut pattern matches the wrong things. */
export const MAX_ALLOWED_ENTRY_CHARS = 100;

/** At most `max` entries, de-duplicated ignoring case (the first spelling kept). */
export function cleanAllowed(entries: readonly string[], max: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of entries) {
    if (kept.length >= max) break;
    // Skip absurd entries before paying for cleaning them.
    if (raw.length > MAX_ALLOWED_ENTRY_CHARS * 8) continue;
    const entry = cleanText(raw);
    if (entry === '' || Array.from(entry).length > MAX_ALLOWED_ENTRY_CHARS) continue;
    const key = entry.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(entry);
  }
  return kept;
}
