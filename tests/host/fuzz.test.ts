// Fuzzes the built host with ≥ 10 000 hostile frames: it never exits or hangs, answers each, stays small.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { HelloReply, HostMessage, MAX_FRAME_FROM_BROWSER } from '../../shared/protocol/frames.js';
import { expectedReplyId, hostileBody, rng } from './fuzz-frames.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { waitFor } from './helpers/process-alive.js';
import { frameBytes, spawnHost, type HostHandle } from '../../harness/spawn-host.js';

const SEED = 0xc0ffee;
const FRAMES = 12_000;
const MB = 1024 * 1024;

let hostEnv: HostTestEnv | undefined;
const hosts: HostHandle[] = [];

function start(): HostHandle {
  hostEnv ??= makeHostEnv();
  const host = spawnHost({ env: hostEnv.env });
  hosts.push(host);
  return host;
}

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close(5_000);
  hostEnv?.cleanup();
  hostEnv = undefined;
});

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** Replies to requests, not the watcher's own pushes. */
function replies(host: HostHandle): Array<Record<string, unknown>> {
  return (host.received as Array<Record<string, unknown>>).filter((m) => m.type !== 'window' && m.type !== 'watcher');
}

async function ready(host: HostHandle): Promise<void> {
  host.send({ id: 0, type: 'hello' });
  HelloReply.parse(await host.next((m) => m.type === 'hello' && m.id === 0));
}

/** Writes `bytes` in random-sized pieces, yielding now and then so frames really arrive split. */
async function writeSplit(host: HostHandle, bytes: Buffer, r: ReturnType<typeof rng>): Promise<void> {
  let offset = 0;
  let pieces = 0;
  while (offset < bytes.length) {
    const size = r.chance(0.3) ? r.int(1, 7) : r.int(8, 96 * 1024);
    const ok = host.proc.stdin.write(bytes.subarray(offset, offset + size));
    offset += size;
    if (!ok || ++pieces % 64 === 0) await new Promise((resolve) => (ok ? setImmediate(resolve) : host.proc.stdin.once('drain', resolve)));
  }
}

function assertNoCrash(host: HostHandle): void {
  expect(host.proc.exitCode, 'host exited').toBeNull();
  expect(host.stderr()).not.toMatch(/uncaught exception|unhandled rejection|bug:/);
}

interface Batch {
  frames: number;
  bytes: number;
  withId: number;
  categories: Map<string, number>;
}

/** Sends `count` hostile frames (ids from `idBase`) split at random, and checks the reply accounting. */
async function fuzzBatch(host: HostHandle, r: ReturnType<typeof rng>, count: number, idBase: number): Promise<Batch> {
  const frames: Buffer[] = [];
  const expectedIds: Array<number | undefined> = [];
  const categories = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const { body, category } = hostileBody(r, idBase + i);
    if (body.length > MAX_FRAME_FROM_BROWSER) continue; // length abuse has its own tests below
    frames.push(frameBytes(body));
    expectedIds.push(expectedReplyId(body));
    const family = category.replace(/ \(.*/, '');
    categories.set(family, (categories.get(family) ?? 0) + 1);
  }
  const stream = Buffer.concat(frames);
  const before = replies(host).length;
  await writeSplit(host, stream, r);
  await waitFor(() => replies(host).length >= before + frames.length || host.proc.exitCode !== null, 20_000, 'a reply to every frame');
  await new Promise((resolve) => setTimeout(resolve, 50)); // a duplicate reply would show up here
  const got = replies(host).slice(before);
  assertNoCrash(host);

  // Exactly one reply per frame, and exactly the ids the protocol promises (as a multiset).
  expect(got).toHaveLength(frames.length);
  for (const message of got) expect(HostMessage.safeParse(message).success, JSON.stringify(message).slice(0, 300)).toBe(true);
  const key = (id: unknown) => (typeof id === 'number' ? id : -1);
  expect(got.map((m) => key(m.id)).sort((a, b) => a - b)).toEqual(expectedIds.map(key).sort((a, b) => a - b));
  return { frames: frames.length, bytes: stream.length, withId: expectedIds.filter((id) => id !== undefined).length, categories };
}

describe('fuzzing the frame stream', () => {
  it(`answers every one of 2 × ${FRAMES / 2} hostile, split, well-framed frames exactly once, ids echoed`, async () => {
    const host = start();
    await ready(host);
    const r = rng(SEED);
    const started = Date.now();
    const rss0 = rssMb(host.proc.pid!);
    const first = await fuzzBatch(host, r, FRAMES / 2, 1);
    const rss1 = rssMb(host.proc.pid!);
    const second = await fuzzBatch(host, r, FRAMES / 2, 1 + FRAMES / 2);
    const rss2 = rssMb(host.proc.pid!);
    await ready(host);

    const frames = first.frames + second.frames;
    const withId = first.withId + second.withId;
    expect(frames).toBeGreaterThanOrEqual(10_000);
    expect(withId).toBeGreaterThan(frames / 3);
    // The first batch warms the heap up; a leak per frame would make the second grow it again.
    expect(rss2 - rss0).toBeLessThan(160);
    expect(rss2 - rss1).toBeLessThan(48);
    const categories = new Map(first.categories);
    for (const [c, n] of second.categories) categories.set(c, (categories.get(c) ?? 0) + n);
    console.log(
      `fuzz: ${frames} frames (${((first.bytes + second.bytes) / MB).toFixed(1)} MB; ${[...categories].map(([c, n]) => `${c} ${n}`).join(', ')}), ` +
        `seed 0x${SEED.toString(16).toUpperCase()}, ${frames} answered (${withId} with their id), ` +
        `RSS ${rss0.toFixed(0)}→${rss1.toFixed(0)}→${rss2.toFixed(0)} MB, ${Date.now() - started} ms`,
    );
  });

  it('skips oversized frames byte-exactly: the frame after each one is answered', async () => {
    const host = start();
    await ready(host);
    const r = rng(SEED + 1);
    const rounds = 12;
    for (let i = 0; i < rounds; i++) {
      const declared = MAX_FRAME_FROM_BROWSER + r.int(1, 4096);
      await writeSplit(
        host,
        Buffer.concat([frameBytes(r.bytes(declared)), frameBytes(Buffer.from(JSON.stringify({ id: 100 + i, type: 'hello' })))]),
        r,
      );
    }
    for (let i = 0; i < rounds; i++) HelloReply.parse(await host.next((m) => m.id === 100 + i && m.type === 'hello'));
    expect(
      replies(host).filter((m) => m.type === 'error' && /exceeds/.test(String((m.error as { message: string }).message))),
    ).toHaveLength(rounds);
    assertNoCrash(host);
  });

  it('a 2³²−1 length header: reported at once, its bytes streamed past unbuffered, clean exit on close', async () => {
    const host = start();
    await ready(host);
    const rssBefore = rssMb(host.proc.pid!);
    host.sendRaw(frameBytes(Buffer.alloc(0), 0xffffffff));
    const error = await host.next((m) => m.type === 'error');
    expect(JSON.stringify(error)).toMatch(/4294967295 bytes exceeds/);
    // 128 MB of the declared 4 GB: the host must drop them as they come, not collect them.
    const r = rng(SEED + 2);
    const chunk = r.bytes(MB);
    for (let i = 0; i < 128; i++) {
      if (!host.proc.stdin.write(chunk)) await new Promise((resolve) => host.proc.stdin.once('drain', resolve));
    }
    // Every byte so far is still "inside" the giant frame: a hello now is swallowed, by design.
    host.send({ id: 7, type: 'hello' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(replies(host).some((m) => m.id === 7)).toBe(false);
    const rssAfter = rssMb(host.proc.pid!);
    expect(rssAfter - rssBefore).toBeLessThan(64);
    assertNoCrash(host);
    // The only way to resync after a lying header is a new connection: closing stdin ends the host cleanly.
    const startedClose = Date.now();
    expect(await host.close(10_000)).toBe(0);
    expect(Date.now() - startedClose).toBeLessThan(5_000);
    console.log(`fuzz: 2^32-1 header + 128 MB streamed, RSS ${rssBefore.toFixed(0)}→${rssAfter.toFixed(0)} MB, exit 0`);
  });

  it.each([
    ['a truncated header', Buffer.from([0x05, 0x00])],
    ['a truncated body', frameBytes(Buffer.from('{"id":9,"type":"hel'), 40)],
    ['a header only', frameBytes(Buffer.alloc(0), 1000)],
  ])('%s at the end of the stream: earlier frames answered, then a clean exit', async (_name, tail) => {
    const host = start();
    await ready(host);
    host.send({ id: 1, type: 'hello' });
    host.sendRaw(tail);
    HelloReply.parse(await host.next((m) => m.id === 1));
    expect(await host.close(10_000)).toBe(0);
    expect(replies(host).some((m) => m.id === 9)).toBe(false);
    expect(host.stderr()).not.toMatch(/uncaught exception|unhandled rejection|bug:/);
  });

  it('random length fields over random bytes: no crash, then a clean exit on close', async () => {
    const r = rng(SEED + 3);
    for (let round = 0; round < 4; round++) {
      const host = start();
      await ready(host);
      const pieces: Buffer[] = [];
      for (let i = 0; i < 200; i++) {
        const declared = r.pick([0, 1, 4, r.int(0, 300), r.int(0, 0xffffffff), MAX_FRAME_FROM_BROWSER, MAX_FRAME_FROM_BROWSER + 1]);
        pieces.push(frameBytes(r.bytes(r.int(0, 2_000)), declared));
      }
      await writeSplit(host, Buffer.concat(pieces), r);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assertNoCrash(host);
      for (const message of replies(host)) expect(HostMessage.safeParse(message).success).toBe(true);
      expect(await host.close(10_000)).toBe(0);
    }
  });
});
