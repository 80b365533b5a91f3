// Pure pieces of the runner: extraction/classification, config validation, env allowlist, queue, parsers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claude } from '../../native-host/src/backends/claude.js';
import { parseFeatureList } from '../../native-host/src/backends/codex-features.js';
import { gemini } from '../../native-host/src/backends/gemini.js';
import { qwen, qwenAuthType } from '../../native-host/src/backends/qwen.js';
import type { BackendContext } from '../../native-host/src/backends/types.js';
import { HostConfig } from '../../native-host/src/config-schema.js';
import { buildChildEnv } from '../../native-host/src/runner/child-env.js';
import { classifyCapture } from '../../native-host/src/runner/classify.js';
import { RunSlots } from '../../native-host/src/runner/run-slots.js';
import type { CaptureResult } from '../../native-host/src/runner/spawn-capture.js';
import { scriptFromCmdShim } from '../../native-host/src/runner/windows-command.js';

const ctx: BackendContext = { workDir: '/nonexistent/run', dataDir: '/nonexistent', systemPrompt: 'SYS', prepared: {} };

function capture(partial: Partial<CaptureResult>): CaptureResult {
  return {
    exitCode: 0,
    exitSignal: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    timedOut: false,
    aborted: false,
    ...partial,
  };
}

describe('classification order', () => {
  it('spawn errors, then timeout, then extraction, then exit code, then blank', () => {
    const enoent = Object.assign(new Error('spawn x ENOENT'), { code: 'ENOENT' });
    const eacces = Object.assign(new Error('spawn x EACCES'), { code: 'EACCES' });
    const kind = (c: CaptureResult): string => {
      const outcome = classifyCapture(claude, c, ctx, 5000);
      return outcome.ok ? 'ok' : outcome.error.kind;
    };
    expect(kind(capture({ spawnError: enoent }))).toBe('not_installed');
    expect(kind(capture({ spawnError: eacces }))).toBe('spawn');
    // A timed-out run is a timeout whatever it printed or exited with, unless what it printed says it was never logged in.
    expect(kind(capture({ timedOut: true, exitCode: 0, stdout: '{"result":"late","is_error":false}' }))).toBe('timeout');
    expect(kind(capture({ timedOut: true, stdout: '{"result":"Overloaded","is_error":true}' }))).toBe('timeout');
    expect(kind(capture({ timedOut: true, stdout: '{"result":"Not logged in","is_error":true}' }))).toBe('auth');
    expect(kind(capture({ exitCode: 1, stdout: 'Not logged in · Please run /login' }))).toBe('auth');
    expect(kind(capture({ exitCode: 2, stderr: 'segfault' }))).toBe('exit');
    expect(kind(capture({ exitCode: null, exitSignal: 'SIGSEGV' }))).toBe('exit');
    expect(kind(capture({ stdout: '{"result":"  ","is_error":false}' }))).toBe('empty');
    expect(kind(capture({ stdout: '{"result":"fine","is_error":false}' }))).toBe('ok');
    expect(kind(capture({ stdout: '{"result":"cut', stdoutTruncated: true }))).toBe('api_error');
  });

  it('keeps messages short', () => {
    const outcome = classifyCapture(claude, capture({ exitCode: 1, stderr: `${'e'.repeat(5000)}\nsecond` }), ctx, 5000);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message.length).toBeLessThan(360);
  });
});

describe('extractors', () => {
  it('gemini: exit 41/145 → auth; stderr JSON 401 → auth; response → text', () => {
    expect(gemini.extract({ stdout: '', stderr: '', exitCode: 41 }, ctx).kind).toBe('auth');
    expect(gemini.extract({ stdout: '', stderr: '', exitCode: 145 }, ctx).kind).toBe('auth');
    const unauthorized = gemini.extract(
      { stdout: '', stderr: 'warn\n{"error":{"type":"x","message":"denied","code":401}}', exitCode: 1 },
      ctx,
    );
    expect(unauthorized.kind).toBe('auth');
    expect(gemini.extract({ stdout: '{"response":"ok"}', stderr: '', exitCode: 0 }, ctx)).toEqual({ kind: 'text', text: 'ok' });
  });

  it('qwen: last result element, [API Error: with 401 → auth', () => {
    const out = JSON.stringify([
      { type: 'result', result: 'old' },
      { type: 'result', result: '[API Error: 401 invalid api key]' },
    ]);
    expect(qwen.extract({ stdout: out, stderr: '', exitCode: 0 }, ctx).kind).toBe('auth');
  });

  it('qwen: host.json first, then its own settings, then a key in the environment; never the ended qwen-oauth by default', () => {
    const home = mkdtempSync(join(tmpdir(), 'antidrift-qwen-'));
    try {
      expect(qwenAuthType('anthropic', { HOME: home, DASHSCOPE_API_KEY: 'k' })).toBe('anthropic');
      expect(qwenAuthType(undefined, { HOME: home, DASHSCOPE_API_KEY: 'k' })).toBe('openai');
      expect(qwenAuthType(undefined, { HOME: home })).toBeUndefined();
      mkdirSync(join(home, '.qwen'));
      writeFileSync(join(home, '.qwen', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'openai' } } }));
      expect(qwenAuthType(undefined, { HOME: home, DASHSCOPE_API_KEY: 'k' })).toBeUndefined();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('codex features list: first column names only, none that are removed or deprecated and off', () => {
    expect(parseFeatureList('FEATURE STAGE\nshell_tool  stable true\n\n  undo experimental false\n--- \n')).toEqual(['shell_tool', 'undo']);
    const listed =
      'multi_agent     deprecated   true\nweb_search_cached   deprecated   false\njs_repl   removed   false\napps  stable  true\n';
    expect(parseFeatureList(listed)).toEqual(['multi_agent', 'apps']);
  });

  it('windows npm cmd-shim: finds the node script', () => {
    const shim =
      '@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\n"%_prog%"  "%dp0%\\node_modules\\@anthropic-ai\\claude-code\\cli.js" %*\r\n';
    expect(scriptFromCmdShim(shim, '/npm')).toBe('/npm/node_modules/@anthropic-ai/claude-code/cli.js');
    expect(scriptFromCmdShim('@echo off\r\nfoo.exe %*', '/npm')).toBeUndefined();
  });
});

describe('host config', () => {
  it('accepts overrides and custom backends, rejects built-in names and unknown keys', () => {
    expect(
      HostConfig.safeParse({
        backends: { claude: { path: '/x/claude', model: 'opus' } },
        custom: { 'my-llm': { bin: 'x', args: ['{model}'] } },
      }).success,
    ).toBe(true);
    expect(HostConfig.safeParse({ custom: { claude: { bin: 'x', args: [] } } }).success).toBe(false);
    expect(HostConfig.safeParse({ backends: { claude: { command: 'sh -c' } } }).success).toBe(false);
    expect(HostConfig.safeParse({ backends: { nosuch: {} } }).success).toBe(false);
  });
});

describe('child environment', () => {
  it('keeps only allowlisted variables and the backend’s own names, and forces the safe ones', () => {
    const env = buildChildEnv({
      path: '/bin',
      tmpDir: '/run/x/tmp',
      passNames: claude.envNames!,
      backendEnv: { OWN: '1' },
      source: {
        HOME: '/h',
        LC_ALL: 'C',
        ANTHROPIC_API_KEY: 'k',
        OPENAI_API_KEY: 'another backend’s key',
        SECRET_TOKEN: 's',
        PATH: '/evil',
        NODE_OPTIONS: '--require x',
        TERM: 'xterm',
      },
    });
    expect(env).toEqual({
      HOME: '/h',
      LC_ALL: 'C',
      ANTHROPIC_API_KEY: 'k',
      OWN: '1',
      PATH: '/bin',
      TMPDIR: '/run/x/tmp',
      TMP: '/run/x/tmp',
      TEMP: '/run/x/tmp',
      NO_COLOR: '1',
      TERM: 'dumb',
    });
  });
});

describe('RunSlots', () => {
  it('grants two, queues in order, refuses past the queue bound, expires queued waiters', async () => {
    const slots = new RunSlots(2, 1);
    const far = Date.now() + 60_000;
    const a = await slots.acquire(far);
    const b = await slots.acquire(far);
    const queued = slots.acquire(far);
    expect(slots.acquire(far)).toBe('busy');
    expect(typeof a).toBe('function');
    if (typeof a === 'function') a();
    expect(typeof (await (queued as Promise<unknown>))).toBe('function');
    if (typeof b === 'function') b();
    const full = new RunSlots(1, 4);
    await full.acquire(far);
    expect(await full.acquire(Date.now() + 30)).toBe('expired');
    expect(full.queued).toBe(0);
  });
});
