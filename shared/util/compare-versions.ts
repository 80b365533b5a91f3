// Orders two release numbers (0.10.2 > 0.9.9): the one comparison the helper and the extension both use.

/**
 * Compares dotted numbers part by part (missing parts are 0). A leading `v` (nvm's `v22.1.0`) and a
 * pre-release or build suffix are ignored: a release's helper and extension share the number.
 * Returns -1, 0 or 1, so it sorts too.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/, '')
      .split(/[-+]/)[0]!
      .split('.')
      .map((n) => Number.parseInt(n, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff) return Math.sign(diff);
  }
  return 0;
}
