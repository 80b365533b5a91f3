// Options and sync: the switch and its words, the last problem, and a change from another browser that never overwrites unsaved edits.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsPage } from '../../../entrypoints/options/options-page';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';
import { settingsRevision } from '../../../shared/settings/revision';
import type { Reply } from '../../../shared/messages/requests';
import type { SyncStatus } from '../../../shared/sync/sync-feature';
import { fakeClient, renderWith } from '../fake-client';
import { push } from '../fixtures';
import { templateRecord } from '../../support/templates';

afterEach(cleanup);

const MINE: Settings = { ...defaultSettings(), nudgeIntervalMinutes: 10, allowed: ['mine.test'] };
const THEIRS: Settings = { ...defaultSettings(), nudgeIntervalMinutes: 25, allowed: ['theirs.test'] };

/** Options over a background whose saved settings the test changes, as sync from another browser would. */
async function options(sync: SyncStatus = { enabled: true, lastSyncedAt: null, problem: null }) {
  let saved = MINE;
  const fake = fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: saved }),
    saveSettings: (req): Reply<'saveSettings'> => {
      saved = req.settings as Settings;
      return { ok: true, value: saved };
    },
    getSyncStatus: (): Reply<'getSyncStatus'> => ({ ok: true, value: sync }),
    getDiagnostics: (): Reply<'getDiagnostics'> => ({ ok: true, value: [] }),
  });
  renderWith(fake.client, <OptionsPage />);
  await screen.findByTestId('sync-enabled');
  fake.push(push({ phase: 'idle', settingsRevision: settingsRevision(saved) }));
  return {
    fake,
    /** The background applied another browser's settings: stored, and the pushed revision changed. */
    changeElsewhere(settings: Settings) {
      saved = settings;
      fake.push(push({ phase: 'idle', settingsRevision: settingsRevision(settings) }));
    },
  };
}

const interval = () => (screen.getByTestId('nudge-interval') as HTMLInputElement).value;

describe('options: sync', () => {
  it('has the switch with what stays on this computer, and saves it', async () => {
    const { fake } = await options();
    const box = screen.getByTestId('sync-enabled') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByLabelText("Sync settings, lists, templates and the schedule through this browser's account")).toBe(box);
    // The line is the switch's description, so a screen reader says it with the switch.
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      "History, the AI backend and the helper's settings stay on this computer.",
    );
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(fake.sent('saveSettings').at(-1)!.settings).toMatchObject({ syncEnabled: false });
  });

  it('shows the last sync problem in words', async () => {
    await options({ enabled: true, lastSyncedAt: null, problem: 'not synced: your settings take 131 KB' });
    expect((await screen.findByTestId('sync-problem')).textContent).toBe('Last sync problem: not synced: your settings take 131 KB');
  });
});

describe('options: settings changed in another browser', () => {
  it('without unsaved edits, the form reloads silently', async () => {
    const page = await options();
    expect(interval()).toBe('10');
    page.changeElsewhere(THEIRS);
    await waitFor(() => expect(interval()).toBe('25'));
    expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull();
  });

  it('with unsaved edits, keeps them and says so; Load theirs replaces them', async () => {
    const page = await options();
    fireEvent.input(screen.getByTestId('nudge-interval'), { target: { value: '15' } });
    page.changeElsewhere(THEIRS);
    const notice = await screen.findByTestId('settings-changed-elsewhere');
    expect(notice.textContent).toContain(
      'Settings changed in another browser. Your unsaved edits are kept; Save keeps yours, or Load theirs.',
    );
    expect(interval()).toBe('15');
    fireEvent.click(screen.getByTestId('load-theirs'));
    await waitFor(() => expect(interval()).toBe('25'));
    expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull();
  });

  it('with unsaved edits, Save keeps the edited fields on top of the settings as they are now', async () => {
    const page = await options();
    fireEvent.input(screen.getByTestId('nudge-interval'), { target: { value: '15' } });
    const withTemplate: Settings = {
      ...THEIRS,
      templates: [templateRecord({ id: 't1', name: 'Deep work' })],
    };
    page.changeElsewhere(withTemplate);
    await screen.findByTestId('settings-changed-elsewhere');
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    const sent = page.fake.sent('saveSettings').at(-1)!.settings as Settings;
    // The fields the person edited are theirs; every other field (the lists, the templates) is as the other browser left it.
    expect(sent).toMatchObject({ nudgeIntervalMinutes: 15, allowed: ['theirs.test'], templates: [{ name: 'Deep work' }] });
    page.fake.push(push({ phase: 'idle', settingsRevision: settingsRevision(sent) }));
    await waitFor(() => expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull());
    expect(interval()).toBe('15');
  });

  it('our own save is not taken for a change elsewhere', async () => {
    const { fake } = await options();
    fireEvent.input(screen.getByTestId('nudge-interval'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    fake.push(push({ phase: 'idle', settingsRevision: settingsRevision(fake.sent('saveSettings').at(-1)!.settings as Settings) }));
    expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull();
    expect(fake.sent('getSettings')).toHaveLength(1);
  });
});
