// Fuzz helpers for the host tests: a seeded PRNG, hostile frame bodies, and the reply oracle.
import { RequestId } from '../../shared/protocol/frames.js';

import { prng } from '../../harness/prng.js';

export { prng };

export interface Rng {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  bytes(n: number): Buffer;
  chance(p: number): boolean;
}

export function rng(seed: number): Rng {
  const next = prng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    bytes: (n) => {
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i++) out[i] = Math.floor(next() * 256);
      return out;
    },
    chance: (p) => next() < p,
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The id the host must echo for `body`, or undefined when it must answer without one. This is the
 * protocol's promise (a JSON object whose `id` is a valid RequestId gets it back), written
 * independently of the host's code.
 */
export function expectedReplyId(body: Buffer): number | undefined {
  let value: unknown;
  try {
    const text = strictUtf8.decode(body);
    if (!text.trim()) return undefined;
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const id = RequestId.safeParse((value as { id?: unknown }).id);
  return id.success ? id.data : undefined;
}

const nestedCache = new Map<string, string>();

/** `depth` levels of arrays or objects around a 0, memoised (the same shapes recur). */
function nested(depth: number, kind: 'array' | 'object'): string {
  const key = `${kind}${depth}`;
  let text = nestedCache.get(key);
  if (!text) {
    text = kind === 'array' ? '['.repeat(depth) + '0' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '0' + '}'.repeat(depth);
    nestedCache.set(key, text);
  }
  return text;
}

const UNKNOWN_TYPES = ['exec', 'shell', 'spawn', 'RUN', 'Hello', 'hello ', '', '__proto__', 'constructor', 'eval', 'kill'];
const BAD_IDS: unknown[] = [-1, 1.5, Number.MAX_SAFE_INTEGER + 2, '7', null, true, [], {}, 1e308, -0.5];
const BAD_BACKENDS: unknown[] = ['', 'UPPER', '../../bin/sh', '/bin/sh', 'a b', 'x'.repeat(65), 'claude;rm -rf /', 42, null, ['claude']];
const BAD_TIMEOUTS: unknown[] = [0, 999, 300_001, 1e12, -5, 1.5, '30000', null, Number.NaN];
const BAD_MODELS: unknown[] = ['a\nb', 'a\0b', 'm\r', 'x'.repeat(201), 7, {}];
const JUNK_VALUES: unknown[] = [0, -1, 'x', '', null, true, false, [], {}, [1, 2], { a: { b: { c: 1 } } }, '\u0000\ud800', 1e308];

/** One hostile body; `id` is the id to embed when the category carries one. */
export function hostileBody(r: Rng, id: number): { body: Buffer; category: string } {
  const json = (value: unknown, category: string) => ({ body: Buffer.from(JSON.stringify(value), 'utf8'), category });
  // Per mille, so the expensive families (deep and huge JSON) stay a small share of the bytes.
  const roll = r.int(0, 999);
  if (roll < 100) return { body: r.bytes(r.int(0, 600)), category: 'random bytes' };
  if (roll < 140) return { body: Buffer.alloc(0), category: 'empty' };
  if (roll < 200) {
    // Valid JSON with one byte made invalid UTF-8 (lone continuation, overlong, surrogate, 0xFF).
    const body = Buffer.from(JSON.stringify({ id, type: 'hello', pad: 'ééé' }), 'utf8');
    const bad = r.pick([[0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf8, 0x88, 0x80, 0x80, 0x80]]);
    const at = r.int(1, body.length - 1);
    return { body: Buffer.concat([body.subarray(0, at), Buffer.from(bad), body.subarray(at)]), category: 'invalid utf-8' };
  }
  if (roll < 260) return json(r.pick([0, 'hello', null, [id, 'hello'], true, -1, [{ id, type: 'hello' }]]), 'json non-object');
  if (roll < 360) return json({ id, type: r.pick(UNKNOWN_TYPES), command: r.pick(['rm -rf /', ['sh', '-c', 'id']]) }, 'unknown type');
  if (roll < 440)
    return json({ id: r.pick(BAD_IDS), type: r.pick(['hello', 'run']), backend: 'claude', prompt: 'p', timeoutMs: 5000 }, 'bad id');
  if (roll < 600) {
    const run: Record<string, unknown> = { id, type: 'run', backend: 'fuzz-nosuch', prompt: 'hi', timeoutMs: 5_000 };
    const field = r.pick(['backend', 'timeoutMs', 'model', 'prompt', 'extra', 'missing']);
    if (field === 'backend') run.backend = r.pick(BAD_BACKENDS);
    else if (field === 'timeoutMs') run.timeoutMs = r.pick(BAD_TIMEOUTS);
    else if (field === 'model') run.model = r.pick(BAD_MODELS);
    else if (field === 'prompt') run.prompt = r.pick(['', 7, null, ['a'], 'x'.repeat(200_001)]);
    else if (field === 'extra') run[r.pick(['command', 'args', 'shell', 'env', 'cwd', 'bin'])] = r.pick(JUNK_VALUES);
    else delete run[r.pick(['backend', 'prompt', 'timeoutMs'])];
    return json(run, `wrong run shape (${field})`);
  }
  if (roll < 620) {
    // Deep nesting in every position the server looks at (the type is echoed in its error).
    const depth = r.chance(0.04) ? 100_000 : r.pick([64, 500, 1_000, 5_000, 10_000]);
    const closed = nested(depth, r.pick(['array', 'object'] as const));
    const where = r.pick(['type', 'id', 'prompt', 'extra', 'body']);
    const text =
      where === 'body'
        ? closed
        : where === 'extra'
          ? `{"id":${id},"type":"hello","x":${closed}}`
          : where === 'type'
            ? `{"id":${id},"type":${closed}}`
            : where === 'id'
              ? `{"id":${closed},"type":"hello"}`
              : `{"id":${id},"type":"run","backend":"x","timeoutMs":5000,"prompt":${closed}}`;
    return { body: Buffer.from(text, 'utf8'), category: `deep json (${where})` };
  }
  if (roll < 623) {
    // Near the inbound frame limit: big strings, many keys, long escapes.
    const size = r.int(100_000, 1_000_000);
    const kind = r.pick(['prompt', 'keys', 'escapes']);
    if (kind === 'prompt')
      return json(
        { id, type: 'run', backend: 'fuzz-nosuch', timeoutMs: 5_000, prompt: 'p'.repeat(Math.min(size, 200_000)) },
        'huge json (max prompt)',
      );
    if (kind === 'keys') {
      const obj: Record<string, number> = { id } as never;
      for (let i = 0; i < size / 64; i++) obj[`k${i}`] = i;
      return json({ ...obj, type: 'hello' }, 'huge json (keys)');
    }
    return json({ id, type: '"\\'.repeat(size / 8) }, 'huge json (escapes)');
  }
  if (roll < 730) {
    // Valid JSON text mutated: truncated, a byte flipped, duplicated keys, trailing garbage.
    const text = JSON.stringify({ id, type: r.pick(['hello', 'run']), backend: 'fuzz-nosuch', prompt: 'x', timeoutMs: 5000 });
    const how = r.pick(['truncate', 'flip', 'dupkey', 'trailing', 'comment', 'bom']);
    const mutated =
      how === 'truncate'
        ? text.slice(0, r.int(0, text.length - 1))
        : how === 'flip'
          ? (() => {
              const at = r.int(0, text.length - 1);
              return text.slice(0, at) + String.fromCharCode(r.int(0, 127)) + text.slice(at + 1);
            })()
          : how === 'dupkey'
            ? text.replace('{', `{"id":"dup",`)
            : how === 'trailing'
              ? `${text} {}`
              : how === 'comment'
                ? text.replace(',', ' /* x */,')
                : `\ufeff${text}`;
    return { body: Buffer.from(mutated, 'utf8'), category: `mutated json (${how})` };
  }
  if (roll < 800) return json({ id, type: 'hello', ...(r.chance(0.3) ? { extra: 1 } : {}) }, 'hello');
  if (roll < 920)
    return json(
      {
        id,
        type: 'run',
        backend: 'fuzz-nosuch',
        prompt: r.pick(['x', '{"drifting":false}', '\u0000', 'é'.repeat(100)]),
        timeoutMs: r.int(1_000, 300_000),
      },
      'run unknown backend',
    );
  return json(
    { id, type: 'run', backend: r.pick(['claude', 'llm', 'gemini']), prompt: 'hi', timeoutMs: 5_000, model: r.pick(['-x', '--help', '-']) },
    'run option-like model',
  );
}
