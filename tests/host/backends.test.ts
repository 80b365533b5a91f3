// Every backend through the built host against fake CLIs that check the exact safe argv and stdin.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResult } from '../../shared/protocol/frames.js';
import { FIXTURES_DIR, makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { spawnHost, type HostHandle } from '../../harness/spawn-host.js';

let hostEnv: HostTestEnv | undefined;
let host: HostHandle | undefined;
let nextId = 1;

afterEach(async () => {
  await host?.close();
  hostEnv?.cleanup();
  host = undefined;
  hostEnv = undefined;
});

function start(config?: unknown): HostHandle {
  hostEnv = makeHostEnv();
  if (config !== undefined) hostEnv.writeConfig(config);
  host = spawnHost({ env: hostEnv.env });
  return host;
}

async function run(h: HostHandle, backend: string, prompt: string, extra: { model?: string; timeoutMs?: number } = {}): Promise<RunResult> {
  const id = nextId++;
  h.send({ id, type: 'run', backend, prompt, timeoutMs: extra.timeoutMs ?? 20_000, ...(extra.model ? { model: extra.model } : {}) });
  const reply = await h.next((m) => m.type === 'result' && m.id === id, 25_000);
  return RunResult.parse(reply);
}

function expectText(result: RunResult): string {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result.text;
}

/** The sentence a person reads: the message, then what to do. */
function expectError(result: RunResult, kind: string): string {
  if (result.ok) throw new Error(`expected ${kind}, got text ${result.text.slice(0, 200)}`);
  expect(result.error.kind, result.error.message).toBe(kind);
  return result.error.hint ? `${result.error.message} — ${result.error.hint}` : result.error.message;
}

describe('claude', () => {
  it('runs with the safe argv, prompt on stdin, and returns .result', async () => {
    const h = start();
    expect(expectText(await run(h, 'claude', 'judge this'))).toBe('claude:default:judge this');
    expect(expectText(await run(h, 'claude', 'again', { model: 'haiku' }))).toBe('claude:haiku:again');
  });

  it('classifies the real "Not logged in" output as auth with advice', async () => {
    const message = expectError(await run(start(), 'claude', 'NOT_LOGGED_IN'), 'auth');
    expect(message).toMatch(/run `claude`/);
  });

  it('treats is_error:true as an API error even though exit/subtype look fine', async () => {
    expect(expectError(await run(start(), 'claude', 'IS_ERROR'), 'api_error')).toMatch(/529/);
  });
});

describe('codex', () => {
  it('disables only the features this version lists and reads the agent message', async () => {
    const h = start();
    expect(expectText(await run(h, 'codex', 'hello codex', { model: 'gpt-5-mini' }))).toBe('codex:gpt-5-mini:hello codex');
    // Probed features are cached per version in the private data dir.
    expect(existsSync(join(hostEnv!.dataDir, 'codex-features-v2.json'))).toBe(true);
  });

  it('turn.failed becomes api_error', async () => {
    expect(expectError(await run(start(), 'codex', 'TURN_FAILED'), 'api_error')).toMatch(/500/);
  });

  it('passes no --disable flags when `codex features list` fails (config path override)', async () => {
    const h = start({ backends: { codex: { path: join(FIXTURES_DIR, 'alt', 'codex-no-features') } } });
    expect(expectText(await run(h, 'codex', 'old one'))).toBe('old-codex:old one');
  });
});

describe('gemini', () => {
  it('runs headless with the deny-all policy and the default model', async () => {
    const h = start();
    expect(expectText(await run(h, 'gemini', 'hi gemini'))).toBe('gemini:gemini-2.5-flash:hi gemini');
    expect(readdirSync(hostEnv!.dataDir)).toContain('gemini-deny-all.toml');
  });

  it('exit 41 is auth', async () => {
    expect(expectError(await run(start(), 'gemini', 'NO_AUTH'), 'auth')).toMatch(/Auth method/);
  });

  it('a JSON error on stderr is api_error', async () => {
    expect(expectError(await run(start(), 'gemini', 'QUOTA'), 'api_error')).toMatch(/Quota/);
  });
});

describe('qwen', () => {
  it('reads the result element; model and auth type come from the config', async () => {
    const h = start({ backends: { qwen: { model: 'qwen-max', authType: 'openai' } } });
    expect(expectText(await run(h, 'qwen', 'hi qwen'))).toBe('qwen:openai:qwen-max:hi qwen');
  });

  it('passes neither an auth type nor a model it was not given: qwen’s own settings choose', async () => {
    expect(expectText(await run(start(), 'qwen', 'plain'))).toBe('qwen:undefined:undefined:plain');
  });

  it('an exit-0 "[API Error:" result is api_error', async () => {
    expect(expectError(await run(start(), 'qwen', 'API_ERROR'), 'api_error')).toMatch(/API Error: 500/);
  });
});

describe('ollama', () => {
  it('checks `ollama show` before running a pulled model', async () => {
    const h = start();
    expect(expectText(await run(h, 'ollama', 'hi ollama'))).toBe('{"answer":"ollama:llama3.2:hi ollama"}\n');
    expect(expectText(await run(h, 'ollama', 'tiny', { model: 'tiny:1b' }))).toContain('ollama:tiny:1b:tiny');
  });

  it('a model that is not pulled is not_installed and is never run (no auto-pull)', async () => {
    const message = expectError(await run(start(), 'ollama', 'hi', { model: 'missing-model' }), 'not_installed');
    expect(message).toMatch(/ollama pull missing-model/);
  });

  it('no running server is api_error with advice', async () => {
    expect(expectError(await run(start(), 'ollama', 'hi', { model: 'no-server' }), 'api_error')).toMatch(/ollama serve/);
  });
});

describe('llm', () => {
  it('returns stdout with the request model', async () => {
    expect(expectText(await run(start(), 'llm', 'hi llm', { model: 'claude-3.5-haiku' }))).toBe('llm:claude-3.5-haiku:hi llm\n');
  });

  it('"Error: No key found" is auth, a crash is exit, blank output is empty', async () => {
    const h = start();
    expect(expectError(await run(h, 'llm', 'NO_KEY'), 'auth')).toMatch(/llm keys set/);
    expect(expectError(await run(h, 'llm', 'CRASH'), 'exit')).toMatch(/^llm stopped with exit code 3 \(it says “Traceback/);
    expectError(await run(h, 'llm', 'BLANK'), 'empty');
  });
});

describe('custom backends and names', () => {
  it('runs a custom backend from host.json; {model} replaces whole elements only', async () => {
    const h = start({
      custom: { echoer: { bin: 'custom-echo', args: ['--model', '{model}', 'x{model}', '--'], model: 'cm-1', env: { CUSTOM_FLAG: 'on' } } },
    });
    const text = expectText(await run(h, 'echoer', 'custom prompt'));
    expect(JSON.parse(text)).toEqual({ argv: ['--model', 'cm-1', 'x{model}', '--'], prompt: 'custom prompt' });
    const withModel = JSON.parse(expectText(await run(h, 'echoer', 'p2', { model: 'other; rm -rf /' })));
    expect(withModel.argv).toEqual(['--model', 'other; rm -rf /', 'x{model}', '--']);
  });

  it('an unknown backend is not_installed; a missing executable is not_installed', async () => {
    const h = start({ custom: { ghost: { bin: '/nonexistent/ghost-cli', args: [] } } });
    expect(expectError(await run(h, 'nosuch', 'x'), 'not_installed')).toMatch(/^the native host knows no backend “nosuch” — choose one of/);
    expect(expectError(await run(h, 'ghost', 'x'), 'not_installed')).toMatch(/ghost-cli/);
  });

  it('an argv the OS refuses (NUL byte from the config) is a spawn error, not a crash', async () => {
    const h = start({ custom: { nul: { bin: 'custom-echo', args: ['a\u0000b'] } } });
    expectError(await run(h, 'nul', 'x'), 'spawn');
    expect(expectText(await run(h, 'llm', 'after'))).toBe('llm:gpt-4o-mini:after\n');
  });

  it('a model that looks like an option is refused', async () => {
    expectError(await run(start(), 'llm', 'x', { model: '--help' }), 'bad_request');
  });

  it('a broken config is logged and built-ins still run', async () => {
    const h = start('{ "custom": { "Bad Name": {} } ');
    expect(expectText(await run(h, 'llm', 'still works'))).toBe('llm:gpt-4o-mini:still works\n');
    expect(h.stderr()).toMatch(/config problem: .*host\.json is not valid JSON/);
  });
});
