// Finding a compositor's socket again after it restarted under another pid or instance name.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function isSocket(p: string): boolean {
  try {
    return statSync(p).isSocket();
  } catch {
    return false;
  }
}

export function mtime(p: string): number {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest socket among `dir/<entry>[/<inside>]` whose entry name matches: the live compositor. */
export function newestSocket(dir: string | undefined, entry: RegExp, inside = ''): string | undefined {
  if (!dir) return undefined;
  try {
    return readdirSync(dir)
      .filter((name) => entry.test(name))
      .map((name) => (inside ? path.join(dir, name, inside) : path.join(dir, name)))
      .filter(isSocket)
      .map((p) => ({ p, at: mtime(p) }))
      .sort((a, b) => b.at - a.at)[0]?.p;
  } catch {
    return undefined;
  }
}
