// The built helper answers hello from its entry's static import graph alone: zod, the schemas, watchers, runner and installer load later.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HelloReply } from '../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { HOST_DIST, spawnHost, type HostHandle } from '../../harness/spawn-host.js';

/** The files a start evaluates before any import(): the entry and the chunks it imports statically, transitively. */
function staticGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    // esbuild's ESM output: `import{a}from"./chunks/x.mjs"` and `import"./chunks/y.mjs"`; its CommonJS entry:
    // `require("./x")`. import("…") is not matched: that is what loads later.
    for (const m of text.matchAll(/\b(?:(?:import|export)\s*(?:[\w${}\s,*]*?\bfrom\s*)?|require\()"(\.{1,2}\/[^"]+)"/g)) {
      visit(resolve(dirname(file), m[1]!));
    }
  };
  visit(entry);
  return files;
}

/** Definitions each of which means that part of the helper is evaluated at start (esbuild keeps function names). */
const LOADED_LATER: Record<string, RegExp> = {
  'zod (its core)': /function \$constructor\(/,
  'the frames’ zod schemas': /\bHostMessage\s*=/,
  'the config file’s schema': /\bHostConfig\s*=/,
  'the watchers (doctor’s start)': /function startWatcher\(/,
  'the watchers (the helper’s start)': /function startChosenWatcher\(/,
  'the X11 watcher': /function startX11Watcher\(/,
  'the runner': /function runBackend\(/,
  'the installer': /function runInstallCommand\(/,
  'the doctor': /function runDoctor\(/,
  child_process: /from\s*"node:child_process"/,
};

let hostEnv: HostTestEnv | undefined;
let host: HostHandle | undefined;
let copy: string | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
  hostEnv?.cleanup();
  hostEnv = undefined;
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

describe('the helper’s start', () => {
  const graph = staticGraph(HOST_DIST);
  const code = [...graph.values()].join('\n');

  it('evaluates the hello path and none of what hello does not need', () => {
    // The hello path itself is there, so the absences below are not those of an empty graph.
    expect(code).toMatch(/function plainHelloRequest\(/);
    expect(code).toMatch(/function describeBackendsWith\(/);
    expect(code).toMatch(/HostServer=class|class HostServer\b/);
    const found = Object.entries(LOADED_LATER)
      .filter(([, definition]) => definition.test(code))
      .map(([part]) => part);
    expect(found).toEqual([]);
    // …and every one of them is in the build, in a chunk loaded later.
    const all = readdirSync(join(dirname(HOST_DIST), 'chunks'))
      .map((name) => readFileSync(join(dirname(HOST_DIST), 'chunks', name), 'utf8'))
      .join('\n');
    for (const [part, definition] of Object.entries(LOADED_LATER)) expect(definition.test(all), part).toBe(true);
  });

  it('has one login-shell probe: the chunks built apart take the entry’s, not a copy that would probe again', () => {
    const chunks = readdirSync(join(dirname(HOST_DIST), 'chunks'));
    const probing = chunks.filter((name) =>
      /function loginShellPath\(/.test(readFileSync(join(dirname(HOST_DIST), 'chunks', name), 'utf8')),
    );
    expect(probing).toEqual([]);
    expect(code).toMatch(/function loginShellPath\(/);
    const importers = chunks.filter((name) =>
      /from\s*"\.\.\/antidrift-host\.cjs"/.test(readFileSync(join(dirname(HOST_DIST), 'chunks', name), 'utf8')),
    );
    expect(importers.length).toBeGreaterThan(0);
  });

  it('answers hello with every chunk outside that graph deleted', async () => {
    copy = mkdtempSync(join(tmpdir(), 'antidrift-lazy-start-'));
    cpSync(dirname(HOST_DIST), copy, { recursive: true });
    const kept = new Set([...graph.keys()].map((file) => file.slice(dirname(HOST_DIST).length)));
    const removed = readdirSync(join(copy, 'chunks')).filter((name) => !kept.has(`/chunks/${name}`));
    for (const name of removed) rmSync(join(copy, 'chunks', name));
    expect(removed.length).toBeGreaterThan(5);

    hostEnv = makeHostEnv();
    host = spawnHost({ env: hostEnv.env, script: join(copy, 'antidrift-host.cjs') });
    host.send({ id: 5, type: 'hello', protocol: 2, version: '0.2.0' });
    const hello = HelloReply.parse(await host.next((m) => m.type === 'hello'));
    expect(hello.id).toBe(5);
    expect(hello.backends.map((b) => b.name)).toEqual(['claude', 'codex', 'gemini', 'qwen', 'ollama', 'llm']);
    // What hello says of the watcher comes from the environment alone: this one has no display.
    expect(hello.watcher).toMatchObject({ state: 'starting', kind: 'none', why: expect.stringContaining('no DISPLAY') });
  });

  it('a copy without its chunks answers hello, then says for every frame that its files are incomplete, never silence', async () => {
    copy = mkdtempSync(join(tmpdir(), 'antidrift-lazy-start-'));
    cpSync(dirname(HOST_DIST), copy, { recursive: true });
    rmSync(join(copy, 'chunks'), { recursive: true, force: true });
    hostEnv = makeHostEnv();
    host = spawnHost({ env: hostEnv.env, script: join(copy, 'antidrift-host.cjs') });
    host.send({ id: 1, type: 'hello', protocol: 2, version: '0.2.0' });
    expect(await host.next((m) => m.type === 'hello')).toMatchObject({ id: 1 });
    host.send({ id: 2, type: 'run', backend: 'claude', prompt: 'x', timeoutMs: 5_000 });
    const error = await host.next((m) => m.type === 'error' && m.id === 2);
    expect(error).toMatchObject({
      error: { kind: 'bad_request', message: expect.stringMatching(/files are incomplete: install the helper again/) },
    });
  });
});
