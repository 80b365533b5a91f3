// The settings record by owner: the controller holds only the session's part, the worker the whole, and neither loses the other's fields.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../background/store';
import { SESSION_SETTING_SCOPES } from '../../shared/core/session-settings';
import { defaultSettings, type Settings } from '../../shared/settings/stored-settings';
import { boot, FakeHost, freshBackgroundEachTest, type Running, START } from './harness';

let bg: Running;
freshBackgroundEachTest();

const TEMPLATE = {
  id: 't1',
  name: 'Deep work',
  nextAction: 'write the parser',
  successCondition: 'tests pass',
  allowed: [],
  blocked: [],
  timeboxMinutes: null,
  strict: false,
  rhythm: null,
};

const stored = async (): Promise<Settings> => (await fakeBrowser.storage.local.get(KEYS.settings))[KEYS.settings] as Settings;

describe('the settings record by owner', () => {
  it("the controller is handed the session's part only; the whole record stays with the worker", async () => {
    await fakeBrowser.storage.local.set({ [KEYS.settings]: { ...defaultSettings(), templates: [TEMPLATE], historyKeepTitles: false } });
    bg = await boot();
    expect(Object.keys(bg.shell.state.settings).sort()).toEqual(Object.keys(SESSION_SETTING_SCOPES).sort());
    expect(bg.settings.current.templates).toMatchObject([TEMPLATE]);
    expect(bg.settings.current.historyKeepTitles).toBe(false);
  });

  it("a change the core makes (an app declared on task from a drift) is merged into the whole record: the plan's fields are kept", async () => {
    await fakeBrowser.storage.local.set({ [KEYS.settings]: { ...defaultSettings(), templates: [TEMPLATE] } });
    const host = new FakeHost();
    bg = await boot(host);
    await bg.send({ ...START, input: { ...START.input, blocked: ['slack'] } });
    host.pushWindow('general — Slack', 'Slack');
    await bg.flush();
    await fakeBrowser.notifications.onButtonClicked.trigger('antidrift-drift-1', 1);
    await bg.flush();
    expect(await stored()).toMatchObject({ addedFromBanner: ['slack'], templates: [TEMPLATE] });
    expect(bg.settings.current).toMatchObject({ addedFromBanner: ['slack'], templates: [TEMPLATE] });
  });

  it("a change to a feature's section alone (a template saved) is stored, and the view's revision says the settings changed", async () => {
    bg = await boot();
    const before = bg.shell.snapshot().view.settingsRevision;
    await bg.send({ type: 'saveSettings', settings: { ...defaultSettings(), templates: [TEMPLATE] } });
    expect((await stored()).templates).toMatchObject([TEMPLATE]);
    expect(bg.shell.snapshot().view.settingsRevision).not.toBe(before);
    expect(bg.shell.state.settings).not.toHaveProperty('templates');
    const reply = await bg.send({ type: 'getSettings' });
    expect(reply).toMatchObject({ ok: true, value: { templates: [TEMPLATE] } });
  });
});
