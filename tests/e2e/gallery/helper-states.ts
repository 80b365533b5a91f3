// Puts one running browser into each setup state for real: what the profile registers, which CLIs are on PATH, whether the worker has a model.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { HostStatus } from '../../../shared/core/host-status';
import type { StatePush } from '../../../shared/messages/pushes';
import { NATIVE_HOST_NAME } from '../../../shared/protocol/extension-id';
import { setupStateOf, type SetupState } from '../../../ui/setup-state';
import { installHost, REPO_ROOT } from '../../../harness/chromium';
import { previousBuild } from '../../support/previous-release';
import { setFakeModel } from '../fake-model';
import type { E2E } from '../harness';

/** The release a "newer" helper says it is: this version's next minor. */
function nextMinor(version: string): string {
  const [major, minor] = version.split('.').map(Number);
  return `${major}.${(minor ?? 0) + 1}.0`;
}

/** The fake CLIs a state puts on the browser's PATH: both, or only claude (with ollama there, Automatic would run it: it needs no yes). */
type Clis = 'all' | 'none' | 'claude only';

/**
 * What each state takes: the registration the profile holds, the CLIs on the browser's PATH, the built-in model, and the person's
 * answer for claude (given through the pages' own request: a yes, a not now, or a yes withdrawn, which leaves it unasked).
 */
interface Arrangement {
  registration: 'this helper' | 'older helper' | 'newer helper' | 'one that never answers' | 'one that exits' | 'none';
  clis: Clis;
  model: boolean;
  claude: 'allowed' | 'notNow' | 'withdrawn';
}

/** Each state as it happens to a person (a new state fails the typecheck until it is arranged here). */
const ARRANGEMENTS: Record<SetupState, Arrangement> = {
  // A helper that does not answer `hello` yet: the extension waits (up to 10 s) and says it is connecting.
  checking: { registration: 'one that never answers', clis: 'all', model: false, claude: 'allowed' },
  'helper-missing': { registration: 'none', clis: 'all', model: false, claude: 'allowed' },
  'helper-stopped': { registration: 'one that exits', clis: 'all', model: false, claude: 'allowed' },
  'helper-older': { registration: 'older helper', clis: 'all', model: false, claude: 'allowed' },
  'helper-newer': { registration: 'newer helper', clis: 'all', model: false, claude: 'allowed' },
  'no-ai': { registration: 'this helper', clis: 'none', model: false, claude: 'allowed' },
  'ai-consent': { registration: 'this helper', clis: 'claude only', model: false, claude: 'withdrawn' },
  'ai-not-now': { registration: 'this helper', clis: 'claude only', model: false, claude: 'notNow' },
  'browser-model-only': { registration: 'none', clis: 'all', model: true, claude: 'allowed' },
  ready: { registration: 'this helper', clis: 'all', model: false, claude: 'allowed' },
};

export interface HelperStates {
  /** Builds and installs every helper a state needs (the previous release is built once per machine: minutes the first time). */
  prepare(): void;
  /** Arranges `state`, asks the extension to connect again, and waits until the extension is in it. */
  enter(state: SetupState): Promise<void>;
  /** The host status the extension holds now. */
  host(): Promise<HostStatus>;
}

/**
 * `control` is any open page of the extension (it sends the requests a person's Check again sends).
 * Every helper is installed by its own installer, in a home of its own; the profile's registration is
 * then switched to the one a state needs.
 */
export function helperStates(e2e: E2E, control: () => Promise<Page>, version: string): HelperStates {
  const dir = join(e2e.home, '..', 'helpers');
  mkdirSync(dir, { recursive: true });
  const registration = join(e2e.userDataDir, 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`);
  const registrations = new Map<Arrangement['registration'], string>([['this helper', readFileSync(registration, 'utf8')]]);

  /** A helper's own registration, from its own installer run in a home and profile of its own. */
  const installed = (name: string, script: string): string => {
    const home = join(dir, `${name}-home`);
    const profile = join(dir, `${name}-profile`);
    mkdirSync(home, { recursive: true });
    mkdirSync(profile, { recursive: true });
    installHost(profile, home, { script });
    return readFileSync(join(profile, 'NativeMessagingHosts', `${NATIVE_HOST_NAME}.json`), 'utf8');
  };
  /** A registration of a launcher that is not a helper at all (it never answers, or exits at once). */
  const launcher = (name: string, body: string): string => {
    const path = join(dir, `${name}.sh`);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    const manifest = JSON.parse(registrations.get('this helper')!) as Record<string, unknown>;
    return JSON.stringify({ ...manifest, path });
  };
  const registrationOf = (kind: Arrangement['registration']): string | null => {
    if (kind === 'none') return null;
    let text = registrations.get(kind);
    if (text === undefined) {
      if (kind === 'older helper') text = installed('older', previousBuild().hostScript);
      else if (kind === 'newer helper') {
        const out = join(dir, 'newer-build');
        execFileSync(process.execPath, [join(REPO_ROOT, 'native-host', 'build.mjs'), '--outdir', out, '--version', nextMinor(version)], {
          stdio: 'pipe',
        });
        text = installed('newer', join(out, 'antidrift-host.cjs'));
      } else if (kind === 'one that never answers') text = launcher('silent', 'exec sleep 30');
      else text = launcher('exiting', 'exit 1');
      registrations.set(kind, text);
    }
    return text;
  };

  /** The fake CLIs leave the browser's PATH (a person with no AI tool), or come back. */
  const setClis = (clis: Clis) => {
    for (const cli of ['claude', 'ollama']) {
      const present = clis === 'all' || (clis === 'claude only' && cli === 'claude');
      const link = join(e2e.bin, cli);
      const away = join(dir, `${cli}.away`);
      if (present && existsSync(away)) renameSync(away, link);
      if (!present && existsSync(link)) renameSync(link, away);
    }
  };

  const request = async (message: object) => (await control()).evaluate((m) => chrome.runtime.sendMessage(m), message);
  const host = async (): Promise<HostStatus> => ((await request({ type: 'getState' })) as { value: StatePush }).value.view.host;

  return {
    host,
    prepare() {
      for (const want of Object.values(ARRANGEMENTS)) registrationOf(want.registration);
    },
    async enter(state) {
      const want = ARRANGEMENTS[state];
      const text = registrationOf(want.registration);
      if (text === null) rmSync(registration, { force: true });
      else writeFileSync(registration, text);
      setClis(want.clis);
      expect(await request({ type: 'answerAIConsent', backend: 'claude', answer: want.claude })).toMatchObject({ ok: true });
      await setFakeModel(await e2e.sw(), want.model);
      await request({ type: 'checkAIPorts' });
      await request({ type: 'reconnectHost' });
      await expect.poll(async () => setupStateOf(await host()), { timeout: 20_000, interval: 100 }).toBe(state);
    },
  };
}
