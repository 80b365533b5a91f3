// Firefox ESR: the Options page's host diagnostics and Test backend, through the real host and the fake claude.
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../harness/processes';
import { firefoxForSuite } from './harness';

describe('the Options page in a real Firefox ESR', () => {
  const firefox = firefoxForSuite();

  it('Test backend: the not-logged-in sentence with its hint, the answer when logged in', async () => {
    const ff = firefox();
    const options = await ff.extensionPage('options.html');
    const text = (id: string) => options.$eval(`[data-testid="${id}"]`, (e) => e.textContent ?? '');
    await waitFor(async () => (await text('host-diagnostics')).includes('connected'), 'the host connected');
    const testBackend = async () => {
      const before = await text('backend-test-result').catch(() => '');
      await options.click('[data-testid="backend-test"]');
      return waitFor(
        async () => {
          const now = (await text('backend-test-result').catch(() => '')).trim();
          return now && now !== before.trim() ? now : undefined;
        },
        'a test result',
        30_000,
      );
    };
    writeFileSync(join(ff.home, 'fake-claude-mode'), 'auth');
    const failed = await testBackend();
    expect(failed.trim()).toBe(
      'claude is not logged in (it says “Not logged in · Please run /login”) — run `claude` once in a terminal and log in',
    );
    rmSync(join(ff.home, 'fake-claude-mode'));
    expect(await testBackend()).toMatch(/^claude answered in \d+ ms: “\{"ok":true\}”$/);
  });
});
