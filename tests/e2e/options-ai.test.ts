// E2E: a failing judge (not logged in), the Coach, the options page's backend test and settings export/import.
import { readFileSync, writeFileSync } from 'node:fs';
import { SETTINGS_VERSION } from '../../shared/settings/stored-settings';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eForSuite, startSession } from './harness';
import { entriesOf, Toast } from './pages';

describe('AI failures, the coach and the options page', () => {
  const e2e = e2eForSuite();

  it('the coach fills the form from a rough intention', async () => {
    const popup = await e2e().popup();
    await expect.poll(() => popup.hostStatus(), { timeout: 15_000 }).toContain('helper connected');
    await popup.byId('coach-intention').fill('parser date tests, finally');
    await popup.byId('coach').click();
    await expect
      .poll(() => popup.byId('next-action').inputValue(), { timeout: 15_000 })
      .toBe('Write the failing tests for the date parser');
    expect(await popup.byId('success-condition').inputValue()).toBe('All tests in date-parser.test.ts pass');
    expect(await entriesOf(popup.byId('allowed-chips'))).toEqual(expect.arrayContaining(['code', 'docs.test']));
    expect(
      e2e()
        .calls()
        .filter((c) => c.role === 'coach'),
    ).toHaveLength(1);
    await popup.page.close();
  });

  it('a judge that is not logged in: no banner, badge –, and Test backend shows the auth error with its hint', async () => {
    e2e().setFakeMode('auth');
    const docs = await e2e().openSite('docs.test', 'Parser design notes');
    await startSession(e2e(), docs, {
      allowed: ['docs.test'],
      blocked: [],
    });
    await e2e().expectBadge('ON');
    const games = await e2e().openSite('games.test', 'Play chess online');
    await games.bringToFront();
    await expect
      .poll(
        () =>
          e2e()
            .calls()
            .filter((c) => c.role === 'judge' && c.app === 'games.test').length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await e2e().expectBadge('–');
    await new Toast(games).expectTier(null);

    const options = await e2e().options();
    const result = await options.testBackend();
    expect(result.trim()).toBe(
      'claude is not logged in (it says “Not logged in · Please run /login”) — run `claude` once in a terminal and log in',
    );
    e2e().setFakeMode(null);
    expect(await options.testBackend()).toMatch(/^claude answered in \d+ ms: “\{"ok":true\}”$/);
    await e2e().screenshot(options.page, 'options');
  });

  it('exports settings, rejects a broken import without losing anything, and imports the export back', async () => {
    const options = await e2e().options();
    await options.byId('default-allowed').fill('github.com');
    await options.byId('default-allowed').press('Enter');
    await options.save();

    const download = await options.exportSettings();
    const exported = join(e2e().home, 'exported.json');
    await download.saveAs(exported);
    const settings = JSON.parse(readFileSync(exported, 'utf8')) as { version: number; allowed: string[] };
    expect(settings.version).toBe(SETTINGS_VERSION);
    expect(settings.allowed).toContain('github.com');

    const broken = join(e2e().home, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...settings, nudgeIntervalMinutes: 'often' }));
    const rejected = await options.importFile(broken);
    expect(rejected).toMatch(/^Not imported: .*nudgeIntervalMinutes.*Nothing was changed\.$/);
    await options.page.reload();
    await expect.poll(() => options.defaultAllowed()).toContain('github.com');

    const notJson = join(e2e().home, 'not-json.json');
    writeFileSync(notJson, '{ this is not json');
    expect(await options.importFile(notJson)).toContain('the file is not valid JSON');

    const accepted = await options.importFile(exported);
    expect(accepted).toBe('Imported and saved.');
    expect(await options.defaultAllowed()).toContain('github.com');
  });
});
