// Parses one line printed by the Windows/macOS window helper scripts; garbage yields null.
import * as z from 'zod';

/** `{"title","app","pid"}`: the foreground window, printed on change. */
export const HelperWindowLine = z.object({
  title: z.string().max(10_000),
  app: z.string().max(1_000),
  pid: z.number().int().nonnegative().optional(),
});
export type HelperWindowLine = z.infer<typeof HelperWindowLine>;

/** `{"status":"ready","titles":bool|null}`: printed once at start; titles=false = no permission. */
export const HelperStatusLine = z.object({
  status: z.literal('ready'),
  titles: z.boolean().nullable(),
});
export type HelperStatusLine = z.infer<typeof HelperStatusLine>;

export type HelperLine = ({ kind: 'window' } & HelperWindowLine) | ({ kind: 'status' } & HelperStatusLine);

/** Returns the parsed line, or null for anything else (warnings, partial writes, BOMs, blank lines). */
export function parseHelperLine(raw: string): HelperLine | null {
  // PowerShell may prefix a UTF-8 BOM and end lines with CRLF.
  const line = raw.replace(/^\uFEFF/, '').trim();
  if (!line.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const status = HelperStatusLine.safeParse(value);
  if (status.success) return { kind: 'status', ...status.data };
  const window = HelperWindowLine.safeParse(value);
  return window.success ? { kind: 'window', ...window.data } : null;
}
