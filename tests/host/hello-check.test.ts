// The zod-free hello checks accept only what the frames' zod schemas accept, and do accept the usual frames.
import { describe, expect, it } from 'vitest';
import { isValidHelloReply, plainHelloRequest } from '../../native-host/src/hello-check.js';
import { HelloReply, HelloRequest } from '../../shared/protocol/frames.js';
import { prng } from '../../harness/prng.js';

const REQUESTS: unknown[] = [
  { id: 1, type: 'hello' },
  { id: 0, type: 'hello', protocol: 2, version: '0.2.0' },
  { id: Number.MAX_SAFE_INTEGER, type: 'hello', protocol: 1_000, version: '1.0.0-rc.1+build' },
  { id: -0, type: 'hello' },
  { id: -1, type: 'hello' },
  { id: 1.5, type: 'hello' },
  { id: Number.MAX_SAFE_INTEGER + 1, type: 'hello' },
  { id: '1', type: 'hello' },
  { type: 'hello' },
  { id: 1, type: 'Hello' },
  { id: 1, type: 'hello', protocol: 0 },
  { id: 1, type: 'hello', protocol: 1_001 },
  { id: 1, type: 'hello', protocol: 2.5 },
  { id: 1, type: 'hello', protocol: '2' },
  { id: 1, type: 'hello', protocol: null },
  { id: 1, type: 'hello', version: '' },
  { id: 1, type: 'hello', version: '0.2.0 beta' },
  { id: 1, type: 'hello', version: 'x'.repeat(64) },
  { id: 1, type: 'hello', version: 'x'.repeat(65) },
  { id: 1, type: 'hello', version: 2 },
  { id: 1, type: 'hello', extra: true },
  { id: 1, type: 'hello', __proto__: { polluted: 1 } },
  JSON.parse('{"id":1,"type":"hello","__proto__":{"polluted":1}}'),
  { id: 1, type: 'run', backend: 'claude', prompt: 'x', timeoutMs: 1_000 },
];

const backend = { name: 'claude', available: true, path: '/usr/bin/claude' };
const watcher = { state: 'running', kind: 'x11', why: 'X11 session on DISPLAY :0', skipped: [{ kind: 'sway-ipc', why: 'not Wayland' }] };
const reply = {
  id: 1,
  type: 'hello',
  hostVersion: '0.2.0',
  platform: 'linux',
  watcher,
  backends: [backend],
  protocol: 2,
  oldestProtocol: 1,
};

const REPLIES: unknown[] = [
  reply,
  { ...reply, protocol: undefined, oldestProtocol: undefined },
  { ...reply, backends: [] },
  { ...reply, backends: [{ name: 'mine', available: false, custom: true, problem: 'not found', hint: 'h'.repeat(500) }] },
  { ...reply, backends: [{ ...backend, hint: 'h'.repeat(501) }] },
  { ...reply, backends: [{ ...backend, name: '' }] },
  { ...reply, backends: [{ ...backend, name: 'Claude' }] },
  { ...reply, backends: [{ ...backend, name: 'a'.repeat(65) }] },
  { ...reply, backends: [{ ...backend, available: 'yes' }] },
  { ...reply, backends: [{ ...backend, custom: 1 }] },
  { ...reply, backends: [{ ...backend, path: 3 }] },
  { ...reply, backends: [null] },
  { ...reply, backends: {} },
  { ...reply, watcher: { state: 'starting', kind: 'none' } },
  { ...reply, watcher: { ...watcher, state: 'sleeping' } },
  { ...reply, watcher: { ...watcher, kind: 3 } },
  { ...reply, watcher: { ...watcher, why: 'w'.repeat(1_001) } },
  { ...reply, watcher: { ...watcher, skipped: Array.from({ length: 17 }, () => ({ kind: 'k', why: 'w' })) } },
  { ...reply, watcher: { ...watcher, skipped: [{ kind: 'k' }] } },
  { ...reply, watcher: null },
  { ...reply, id: -1 },
  { ...reply, id: undefined },
  { ...reply, type: 'result' },
  { ...reply, hostVersion: 2 },
  { ...reply, platform: undefined },
  { ...reply, protocol: 0 },
  { ...reply, oldestProtocol: 1.5 },
  { ...reply, unknownField: 'kept' },
];

/** Random near-misses of a valid frame: a field dropped, replaced, or made of the wrong type. */
function mutations(base: Record<string, unknown>, seed: number, count: number): unknown[] {
  const rng = prng(seed);
  const values: unknown[] = [undefined, null, 0, -1, 1.5, 2, 1_001, '', 'x', '0.2.0', 'a b', true, [], {}, 'y'.repeat(70)];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  return Array.from({ length: count }, () => {
    const copy: Record<string, unknown> = structuredClone(base);
    const keys = [...Object.keys(copy), 'extra'];
    for (let i = 1 + Math.floor(rng() * 2); i > 0; i--) copy[pick(keys)] = pick(values);
    return copy;
  });
}

describe('plainHelloRequest', () => {
  it.each(REQUESTS.map((r, i) => [`${i}: ${JSON.stringify(r)}`, r]))('%s: accepted only if HelloRequest accepts it', (_, request) => {
    const zodSays = HelloRequest.safeParse(request).success;
    if (plainHelloRequest(request as Record<string, unknown>)) expect(zodSays).toBe(true);
  });

  it('accepts the hellos extensions send (protocol 1 sent neither field)', () => {
    expect(plainHelloRequest({ id: 1, type: 'hello' })).toBeDefined();
    expect(plainHelloRequest({ id: 7, type: 'hello', protocol: 2, version: '0.2.0' })).toBeDefined();
  });

  it('never accepts what HelloRequest refuses, over 5 000 random near-misses', () => {
    const cases = mutations({ id: 3, type: 'hello', protocol: 2, version: '0.2.0' }, 0x5eed, 5_000);
    const looser = cases.filter((c) => plainHelloRequest(c as Record<string, unknown>) && !HelloRequest.safeParse(c).success);
    expect(looser).toEqual([]);
    // Most near-misses are refused by both: the cases test something.
    expect(cases.filter((c) => !HelloRequest.safeParse(c).success).length).toBeGreaterThan(2_500);
  });
});

describe('isValidHelloReply', () => {
  it.each(REPLIES.map((r, i) => [`${i}: ${JSON.stringify(r)}`, r]))('%s: the same answer as HelloReply', (_, candidate) => {
    expect(isValidHelloReply(candidate as HelloReply)).toBe(HelloReply.safeParse(candidate).success);
  });

  it('never accepts what HelloReply refuses, over 5 000 random near-misses', () => {
    const cases = [
      ...mutations(reply, 0xbeef, 2_000),
      ...mutations({ ...reply, watcher }, 0xcafe, 1_500).map((c) => ({ ...reply, watcher: (c as Record<string, unknown>).watcher })),
      ...mutations(backend, 0xf00d, 1_500).map((b) => ({ ...reply, backends: [backend, b] })),
    ];
    const looser = cases.filter((c) => isValidHelloReply(c as HelloReply) && !HelloReply.safeParse(c).success);
    expect(looser).toEqual([]);
  });
});
