// The real CLIs' own output to a new user (captured by scripts/refresh-backend-fixtures.mjs), replayed through the built host.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunResult, type RunError } from '../../shared/protocol/frames.js';
import { FIXTURES_DIR, makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { spawnHost, type HostHandle } from '../../harness/spawn-host.js';

const REAL_CLI_DIR = join(FIXTURES_DIR, 'real-cli');
const REPLAY_BIN = join(FIXTURES_DIR, 'replay', 'bin');

interface Fixture {
  backend: string;
  version: string;
  environment: { variables: string[]; hostConfig: unknown };
}

const NETWORK_HINT = 'check the internet connection (and any proxy), then try again';

/** What the person is told for each capture: the exact words. */
const EXPECTED: Record<string, RunError> = {
  'claude-no-credentials.json': {
    kind: 'auth',
    message: 'claude is not logged in (it says “Not logged in · Please run /login”)',
    hint: 'run `claude` once in a terminal and log in',
  },
  'codex-no-credentials.json': {
    kind: 'auth',
    message: 'codex is not logged in (it says “Not logged in”)',
    hint: 'run `codex login` in a terminal',
  },
  'codex-key-offline.json': {
    kind: 'api_error',
    message: 'codex could not reach its service (it says “Connection failed: error sending request”)',
    hint: NETWORK_HINT,
  },
  'gemini-no-credentials.json': {
    kind: 'auth',
    message:
      'gemini is not logged in (it says “Please set an Auth method in your <tmp>/home/gemini-no-credentials/.gemini/settings.json or specify one of the following environment variables before running: GEMINI_API_KEY, GOOGLE_GENAI_USE_VERTEXAI, GOOGLE_GENAI_USE_GCA”)',
    hint: 'run `gemini` once in a terminal to sign in, or set GEMINI_API_KEY',
  },
  'qwen-no-credentials.json': {
    kind: 'auth',
    message:
      'qwen is not logged in (it says “No auth type is selected. Please configure an auth type (e.g. via settings or `--auth-type`) before running in non-interactive mode.”)',
    hint: 'run `qwen` in a terminal and choose a provider with /auth, or set authType and a key in host.json',
  },
  'qwen-qwen-oauth.json': {
    kind: 'auth',
    message:
      'qwen is not logged in (it says “Qwen OAuth free tier was discontinued on 2026-04-15. Run /auth to switch to Coding Plan, OpenRouter, Fireworks AI, or another provider.”)',
    hint: 'run `qwen` in a terminal and choose a provider with /auth, or set authType and a key in host.json',
  },
};

let hostEnv: HostTestEnv | undefined;
let host: HostHandle | undefined;

afterEach(async () => {
  await host?.close();
  hostEnv?.cleanup();
  host = undefined;
  hostEnv = undefined;
});

/** The built host with the replaying CLI first on PATH, set up as the capture was (its variables, its host.json). */
function replaying(file: string, pace?: number): { host: HostHandle; fixture: Fixture } {
  const fixture = JSON.parse(readFileSync(join(REAL_CLI_DIR, file), 'utf8')) as Fixture;
  const variables = Object.fromEntries(fixture.environment.variables.map((name) => [name, 'replayed-not-a-key']));
  hostEnv = makeHostEnv({ ...variables, PATH: [REPLAY_BIN, dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter) });
  if (fixture.environment.hostConfig) hostEnv.writeConfig(fixture.environment.hostConfig);
  const replayDir = join(hostEnv.env.HOME!, 'replay');
  mkdirSync(replayDir);
  copyFileSync(join(REAL_CLI_DIR, file), join(replayDir, `${fixture.backend}.json`));
  if (pace) writeFileSync(join(replayDir, `${fixture.backend}.pace`), String(pace));
  host = spawnHost({ env: hostEnv.env });
  return { host, fixture };
}

async function run(h: HostHandle, backend: string, timeoutMs = 20_000): Promise<RunResult> {
  h.send({ id: 1, type: 'run', backend, prompt: 'This is a connection test.', timeoutMs });
  return RunResult.parse(await h.next((m) => m.type === 'result' && m.id === 1, timeoutMs + 10_000));
}

describe('what the real CLIs say to a new user reads right', () => {
  it('every captured fixture has its expected words here', () => {
    expect(readdirSync(REAL_CLI_DIR).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s', async (file, expected) => {
    const { host: h, fixture } = replaying(file);
    const result = await run(h, fixture.backend);
    expect(result.ok ? result.text : result.error, `${fixture.backend} ${fixture.version}`).toEqual(expected);
  });

  it('codex retrying an unreachable service past the timeout: the timeout says why it was silent', async () => {
    // A line a second (14 in all): the first retry is said 2 s in, and the run is still retrying at the 8 s timeout,
    // with room for three CLI starts on a loaded machine (4 s and 400 ms a line was too tight beside the browser tiers).
    const { host: h } = replaying('codex-key-offline.json', 1_000);
    const result = await run(h, 'codex', 8_000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('timeout');
    expect(result.error.message).toMatch(
      /^codex could not reach its service \(it says “(Reconnecting\.\.\. \d\/5 \()?[^”]*(Connection failed|stream disconnected|lookup address)[^”]*”\) and gave no answer within 8 s$/,
    );
    expect(result.error.hint).toBe(NETWORK_HINT);
  });
});
