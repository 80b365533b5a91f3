// Regression guard for docs/BACKENDS.md: every built-in CLI runs with tools and memory off, prompt on stdin only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureGeminiPolicy } from '../../../native-host/src/backends/gemini';
import { BUILTIN_BACKENDS, BUILTIN_SPECS, type BuiltinBackendName } from '../../../native-host/src/backends/registry';
import type { BackendContext } from '../../../native-host/src/backends/types';

const dataDir = mkdtempSync(join(tmpdir(), 'antidrift-argv-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ctx: BackendContext = {
  workDir: join(dataDir, 'run'),
  dataDir,
  systemPrompt: 'SYSTEM',
  prepared: { policyFile: ensureGeminiPolicy(dataDir), disableFeatures: ['shell_tool', 'web_search_request'], authType: 'openai' },
};
const MODEL = 'model-x';

function argvOf(name: BuiltinBackendName): string[] {
  return BUILTIN_SPECS[name].argv(MODEL, ctx);
}

/** `flag value` as two adjacent elements. */
function pairOf(argv: string[], flag: string): string | undefined {
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
}

describe('built-in argv keeps tools and memory off (docs/BACKENDS.md)', () => {
  it('claude: --tools= (one element), no setting sources, strict MCP, no session, one turn', () => {
    const argv = argvOf('claude');
    expect(argv).toContain('--tools=');
    expect(argv).not.toContain('--tools');
    expect(pairOf(argv, '--setting-sources')).toBe('');
    expect(argv).toContain('--strict-mcp-config');
    expect(argv).toContain('--no-session-persistence');
    expect(pairOf(argv, '--max-turns')).toBe('1');
    expect(argv).toContain('-p');
    expect(argv).not.toContain('--dangerously-skip-permissions');
  });

  it('codex: read-only sandbox, ephemeral, no user config or rules, never asks, no project doc, no web search', () => {
    const argv = argvOf('codex');
    expect(pairOf(argv, '--sandbox')).toBe('read-only');
    for (const flag of ['--ephemeral', '--ignore-user-config', '--ignore-rules']) expect(argv).toContain(flag);
    const configs = argv.flatMap((arg, i) => (arg === '-c' ? [argv[i + 1]] : []));
    expect(configs).toEqual(expect.arrayContaining(['approval_policy="never"', 'project_doc_max_bytes=0', 'web_search="disabled"']));
    expect(argv.at(-1)).toBe('-'); // the prompt is read from stdin
    for (const feature of ctx.prepared.disableFeatures!) expect(argv.join(' ')).toContain(`--disable ${feature}`);
    expect(argv).not.toContain('--full-auto');
    expect(argv.join(' ')).not.toMatch(/danger|workspace-write/);
  });

  it('gemini: a deny-all policy file, no extensions, no MCP servers, headless with an empty -p', () => {
    const argv = argvOf('gemini');
    const policy = pairOf(argv, '--policy');
    expect(policy).toBe(ctx.prepared.policyFile);
    const text = readFileSync(policy!, 'utf8');
    expect(text).toMatch(/\[\[rule\]\]/);
    expect(text).toMatch(/toolName\s*=\s*"\*"/);
    expect(text).toMatch(/decision\s*=\s*"deny"/);
    // gemini 0.6x ignores a rule without a priority (and with it the whole file): the highest of its tier.
    expect(text).toMatch(/priority\s*=\s*999/);
    expect(text).not.toMatch(/allow/);
    expect(pairOf(argv, '-e')).toBe('none');
    expect(pairOf(argv, '--allowed-mcp-server-names')).toBe('__none__');
    expect(pairOf(argv, '-p')).toBe('');
    expect(argv).not.toContain('--yolo');
    expect(argv).not.toContain('-y');
  });

  it('qwen: shell, file and edit tools excluded, one session turn, no chat recording', () => {
    const argv = argvOf('qwen');
    const excluded = pairOf(argv, '--exclude-tools')!.split(',');
    expect(excluded).toEqual(expect.arrayContaining(['run_shell_command', 'read_file', 'edit']));
    expect(pairOf(argv, '--max-session-turns')).toBe('1');
    expect(pairOf(argv, '--chat-recording')).toBe('false');
    expect(argv).not.toContain('--yolo');
    expect(pairOf(argv, '--auth-type')).toBe('openai');
    // With nothing prepared no auth type is forced: qwen uses the one its own settings select.
    expect(BUILTIN_SPECS.qwen.argv(undefined, { ...ctx, prepared: {} })).not.toContain('--auth-type');
  });

  it('ollama and llm: no tools, nothing logged (llm -n)', () => {
    expect(argvOf('ollama')).toEqual(['run', MODEL, '--format', 'json', '--hidethinking', '--nowordwrap']);
    const llm = argvOf('llm');
    expect(llm).toContain('-n');
    expect(llm.join(' ')).not.toMatch(/--tool|-T\b|--functions/);
  });

  it.each(BUILTIN_BACKENDS.map((name) => [name]))(
    '%s: the model is one whole argv element after its flag; the prompt never enters argv',
    (name) => {
      const spec = BUILTIN_SPECS[name];
      // argv builders are given the model and the context, never the prompt.
      expect(spec.argv.length).toBeLessThanOrEqual(2);
      const hostile = 'x --tools Bash; rm -rf ~';
      const argv = spec.argv(hostile, ctx);
      expect(argv.filter((arg) => arg.includes(hostile))).toEqual([hostile]);
      for (const arg of argv) expect(typeof arg).toBe('string');
    },
  );

  it('the runner hands the prompt to the backend on stdin and nowhere else', () => {
    const source = readFileSync(new URL('../../../native-host/src/runner/run-backend.ts', import.meta.url), 'utf8');
    const uses = source.match(/req\.prompt/g) ?? [];
    expect(uses).toHaveLength(1);
    // runCli(args, stdin, …): the argv the spec builds, and the prompt as stdin.
    expect(source).toMatch(/runCli\(spec\.argv\(model, ctx\), req\.prompt, /);
    expect(source).toMatch(/spawnCapture\(\{ bin: command\.bin, args: command\.args, cwd: runDir\.path, env, stdin, /);
  });
});
