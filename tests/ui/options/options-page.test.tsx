// Options page: backends from host status, test backend, saving with validation, import, host help.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OptionsPage } from '../../../entrypoints/options/options-page';
import { detectBrowser, detectLinux } from '../../../ui/install-command';
import { HelperChecks } from '../../../ui/components/helper-checks';
import type { Reply } from '../../../shared/messages/requests';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';
import { DEFAULT_MIXED_USE_SITES } from '../../../shared/core/site-parts';
import { ENVIRONMENT, fakeClient, renderWith } from '../fake-client';
import { host, push } from '../fixtures';
import type { HostStatus } from '../../../shared/core/host-status';
import { gnomeIntegrationMessage } from '../../../native-host/src/desktops/gnome/states';

afterEach(cleanup);

async function options(
  handlers = {},
  settings: Settings = { ...defaultSettings(), addedFromBanner: ['figma'], allowed: ['code', 'figma'] },
) {
  const fake = fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: settings }),
    saveSettings: (req): Reply<'saveSettings'> => ({ ok: true, value: req.settings as Settings }),
    getDiagnostics: (): Reply<'getDiagnostics'> => ({ ok: true, value: [{ at: 0, level: 'warn', message: 'claude: not logged in' }] }),
    ...handlers,
  });
  renderWith(fake.client, <OptionsPage />);
  fake.push(
    push({
      phase: 'idle',
      host: host({
        hostVersion: '0.2.0',
        platform: 'linux',
        watcher: { state: 'running', kind: 'x11' },
        backends: [
          { name: 'claude', available: true, path: '/usr/bin/claude', version: '1.0' },
          { name: 'codex', available: false, problem: 'not on PATH' },
          { name: 'mybot', available: true, custom: true },
        ],
      }),
    }),
  );
  await screen.findByTestId('backend-select');
  return fake;
}

function lastSaved(fake: ReturnType<typeof fakeClient>): Settings {
  const all = fake.sent('saveSettings');
  return all[all.length - 1]!.settings as Settings;
}

function fileOf(text: string): File {
  return new File([text], 'settings.json', { type: 'application/json' });
}

describe('options: backend', () => {
  it('lists Automatic and the host backends, unavailable ones disabled with their problem', async () => {
    await options();
    const select = screen.getByTestId('backend-select') as HTMLSelectElement;
    const opts = [...select.options].map((o) => [o.value, o.textContent, o.disabled]);
    expect(opts[0]).toEqual(['', 'Automatic (now claude)', false]);
    expect(opts).toContainEqual(['codex', 'codex — unavailable: not on PATH', true]);
    expect(opts).toContainEqual(['mybot', 'mybot (custom)', false]);
    // The fixture's browser has no built-in model: listed, disabled, with its reason below.
    expect(opts).toContainEqual(['browser', "the browser's built-in model — unavailable", true]);
    expect(screen.getByTestId('browser-model-line').textContent).toBe("The browser's built-in model is unavailable: no Prompt API");
  });

  it('with no AI, says why in the words every call would fail with, for the choice that is saved', async () => {
    const fake = await options({}, { ...defaultSettings(), backend: 'codex' });
    expect(screen.queryByTestId('ai-off')).toBeNull();
    const aiOff = {
      kind: 'not_installed' as const,
      message: 'codex is not installed here (not on PATH)',
      hint: 'install it, or choose another backend in Options',
    };
    fake.push(push({ phase: 'idle', host: host({ activeBackend: null, chosenBackend: 'codex', aiOff }) }));
    expect((await screen.findByTestId('ai-off')).textContent).toBe(
      'AI off: codex is not installed here (not on PATH) — install it, or choose another backend in Options',
    );
    // An unsaved choice in the form is not what the words are about.
    fireEvent.change(screen.getByTestId('backend-select'), { target: { value: 'codex' } });
    fireEvent.change(screen.getByTestId('backend-select'), { target: { value: '' } });
    expect(screen.queryByTestId('ai-off')).toBeNull();
  });

  it('while the helper connects (or is missing), the Helper section speaks: no second "AI off" line', async () => {
    const fake = await options();
    const aiOff = { kind: 'unavailable' as const, message: 'The AI cannot be asked: the helper is not connected' };
    fake.push(push({ phase: 'idle', host: host({ connection: 'connecting', activeBackend: null, aiOff }) }));
    await screen.findByText(/Connecting to the helper/);
    expect(screen.queryByTestId('ai-off')).toBeNull();
    fake.push(
      push({
        phase: 'idle',
        host: host({ activeBackend: null, aiOff: { kind: 'unavailable', message: 'No AI backend was found on this computer' } }),
      }),
    );
    expect((await screen.findByTestId('ai-off')).textContent).toBe('AI off: no AI backend was found on this computer');
  });

  it('a port that reports its own status, without a panel of its own, is listed and gets its name and line', async () => {
    const fake = await options({}, { ...defaultSettings(), backend: 'echo' });
    const echo = { name: 'the echo port', status: { availability: 'available' as const }, line: 'the echo port answers on task' };
    const ports = { ...host().ports, echo } as HostStatus['ports'];
    fake.push(push({ phase: 'idle', host: host({ ports }) }));
    expect((await screen.findByTestId('port-echo-line')).textContent).toBe('The echo port answers on task');
    expect(screen.getByTestId('port-echo').querySelector('.label')?.textContent).toBe('The echo port');
    const select = screen.getByTestId('backend-select') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent, o.disabled])).toContainEqual([
      'echo',
      'the echo port — available',
      false,
    ]);
    expect(select.value).toBe('echo');
    // The built-in model keeps its own panel, and gets no second line.
    expect(screen.getByTestId('browser-model-panel').querySelector('.label')?.textContent).toBe("The browser's built-in model");
    expect(screen.queryByTestId('port-browser')).toBeNull();
  });

  it('tests the chosen backend and model and shows text and time', async () => {
    const fake = await options({
      testBackend: (): Reply<'testBackend'> => ({ ok: true, value: { text: ' OK ', ms: 812, backend: 'claude' } }),
    });
    fireEvent.change(screen.getByTestId('backend-select'), { target: { value: 'claude' } });
    fireEvent.input(screen.getByTestId('model-input'), { target: { value: 'haiku' } });
    fireEvent.click(screen.getByTestId('backend-test'));
    await waitFor(() => expect(screen.getByTestId('backend-test-result').textContent).toBe('claude answered in 812 ms: “OK”'));
    expect(fake.sent('testBackend')).toEqual([{ type: 'testBackend', backend: 'claude', model: 'haiku' }]);
  });

  it('shows an error as the sentence the background sends: message, then hint; the kind is not a word', async () => {
    await options({
      testBackend: (): Reply<'testBackend'> => ({
        ok: false,
        error: { kind: 'auth', message: 'claude is not logged in', hint: 'run `claude` once in a terminal to log in' },
      }),
    });
    fireEvent.click(screen.getByTestId('backend-test'));
    const result = await screen.findByText(/not logged in/);
    expect(result.textContent).toBe('claude is not logged in — run `claude` once in a terminal to log in');
    expect(result.classList.contains('error')).toBe(true);
  });
});

describe('options: private windows', () => {
  it('says that a strict session blocks there too, and how to let antidrift run there in each browser', async () => {
    await options();
    const field = screen.getByTestId('include-incognito').closest('.field, label, div')!;
    const text = field.parentElement!.textContent ?? '';
    expect(text).toContain('A strict session blocks sites there too');
    expect(text).toContain('Allow in Incognito');
    expect(text).toContain('Run in Private Windows');
  });
});

describe('options: saving', () => {
  it('saves edited timings, switches and lists, then says Saved', async () => {
    const fake = await options();
    fireEvent.input(screen.getByTestId('nudge-interval'), { target: { value: '0.25' } });
    fireEvent.input(screen.getByTestId('judge-debounce'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('include-incognito'));
    fireEvent.click(screen.getByTestId('never-send-urls'));
    fireEvent.input(screen.getByTestId('default-blocked'), { target: { value: 'reddit.com' } });
    fireEvent.keyDown(screen.getByTestId('default-blocked'), { key: 'Enter' });
    fireEvent.input(screen.getByTestId('redact-patterns'), { target: { value: 'secret\\d+\n\nAcme' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    const saved = lastSaved(fake);
    expect(saved).toMatchObject({
      nudgeIntervalMinutes: 0.25,
      judgeDebounceSeconds: 3,
      includeIncognito: true,
      neverSendUrls: false,
      blocked: ['reddit.com'],
      redactPatterns: ['secret\\d+', 'Acme'],
    });
    fireEvent.input(screen.getByTestId('model-input'), { target: { value: 'x' } });
    expect(screen.queryByTestId('settings-saved')).toBeNull();
  });

  it('refuses a bad redaction pattern with a clear inline message, and saves once fixed', async () => {
    const fake = await options();
    const field = screen.getByTestId('redact-patterns');
    fireEvent.input(field, { target: { value: 'ok\n(unclosed' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(message.textContent).toMatch(/^Line 2 \(\(unclosed\): .+/);
    expect(fake.sent('saveSettings')).toHaveLength(0);
    fireEvent.input(field, { target: { value: 'ok\n\\(closed\\)' } });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake).redactPatterns).toEqual(['ok', '\\(closed\\)']);
  });

  it('refuses a nudge interval below a quarter minute', async () => {
    const fake = await options();
    fireEvent.input(screen.getByTestId('nudge-interval'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(screen.getByTestId('nudge-interval').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(/Fix the field/);
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });

  it('saves the away threshold and the history privacy settings; refuses an away threshold under 15 seconds', async () => {
    const fake = await options();
    fireEvent.input(screen.getByTestId('away-after'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(screen.getByTestId('away-after').getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).toContain('Away after: between 15 and 3600 seconds.');
    fireEvent.input(screen.getByTestId('away-after'), { target: { value: '300' } });
    fireEvent.input(screen.getByTestId('history-retention'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('history-keep-titles'));
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake)).toMatchObject({ awayAfterSeconds: 300, historyRetentionDays: 30, historyKeepTitles: false });
  });

  it('removes an entry added from a banner from both lists', async () => {
    const fake = await options();
    const added = screen.getByTestId('added-from-banner');
    fireEvent.click(within(added).getByRole('button', { name: 'Remove figma' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake)).toMatchObject({ addedFromBanner: [], allowed: ['code'] });
  });

  it('shows the sites judged page by page, changes them, and goes back to the built-in list', async () => {
    const fake = await options();
    const chips = () => JSON.parse(screen.getByTestId('mixed-use-sites-chips').getAttribute('data-entries') ?? '[]') as string[];
    expect(chips()).toEqual([...DEFAULT_MIXED_USE_SITES]);
    expect(screen.queryByTestId('mixed-use-reset')).toBeNull();
    fireEvent.click(within(screen.getByTestId('mixed-use-sites-chips')).getByRole('button', { name: 'Remove youtube.com' }));
    const input = screen.getByTestId('mixed-use-sites');
    fireEvent.input(input, { target: { value: 'https://news.example.com/today' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-saved');
    expect(lastSaved(fake).mixedUseSites).toEqual([...DEFAULT_MIXED_USE_SITES.filter((s) => s !== 'youtube.com'), 'news.example.com']);
    fireEvent.click(screen.getByTestId('mixed-use-reset'));
    expect(chips()).toEqual([...DEFAULT_MIXED_USE_SITES]);
  });
});

describe('options: import', () => {
  it('rejects a file that is not JSON, saving nothing', async () => {
    const fake = await options();
    fireEvent.change(screen.getByTestId('import-settings'), { target: { files: [fileOf('{nope')] } });
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toBe('Not imported: the file is not valid JSON. Nothing was changed.'),
    );
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });

  it('rejects invalid settings with the reason, saving nothing', async () => {
    const fake = await options();
    const bad = JSON.stringify({ ...defaultSettings(), nudgeIntervalMinutes: 0.01 });
    fireEvent.change(screen.getByTestId('import-settings'), { target: { files: [fileOf(bad)] } });
    await waitFor(() =>
      expect(screen.getByTestId('import-result').textContent).toMatch(/^Not imported: nudgeIntervalMinutes: .+Nothing was changed\.$/),
    );
    fireEvent.change(screen.getByTestId('import-settings'), { target: { files: [fileOf('null')] } });
    await waitFor(() => expect(screen.getByTestId('import-result').textContent).toMatch(/does not contain a settings object/));
    expect(fake.sent('saveSettings')).toHaveLength(0);
  });

  it('saves a valid file and shows it in the form', async () => {
    const fake = await options();
    const good = JSON.stringify({ ...defaultSettings(), model: 'sonnet', blocked: ['news.ycombinator.com'] });
    fireEvent.change(screen.getByTestId('import-settings'), { target: { files: [fileOf(good)] } });
    await waitFor(() => expect(screen.getByTestId('import-result').textContent).toBe('Imported and saved.'));
    expect(lastSaved(fake)).toMatchObject({ model: 'sonnet', blocked: ['news.ycombinator.com'] });
    expect((screen.getByTestId('model-input') as HTMLInputElement).value).toBe('sonnet');
  });
});

describe('options: host', () => {
  it('shows diagnostics, the install command for this browser, and reconnects', async () => {
    const fake = await options();
    expect(screen.getByTestId('host-status').textContent).toBe('AI: claude · helper connected');
    await waitFor(() => expect(screen.getByTestId('host-diagnostics').textContent).toContain('claude: not logged in'));
    const diag = screen.getByTestId('host-diagnostics').textContent!;
    expect(diag).toContain('0.2.0');
    expect(diag).toContain('running (x11)');
    expect(diag).toContain('unavailable: not on PATH');
    // The helper of exactly this release, for this browser and this extension's ID.
    expect(screen.getByTestId('host-install-command').textContent).toBe(
      'npx --yes antidrift-host@0.2.0 install --browser chromium --extension-id abcdefghijklmnopabcdefghijklmnop',
    );
    // All is well: the command waits one click away (install or repair), with no advice.
    expect(screen.getByTestId('helper-reinstall').hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('helper-advice').textContent).toBe('Install or repair the helper for this browser:');
    // On Linux, Chromium from Snap and from Flatpak: what works there, and Flatpak's one permission.
    const sandboxes = screen.getAllByTestId('sandbox-advice').map((x) => x.textContent ?? '');
    expect(sandboxes).toHaveLength(2);
    expect(sandboxes[0]).toMatch(/^Chromium from Snap\. Chromium from Snap cannot start programs outside its sandbox/);
    expect(sandboxes[1]).toContain('flatpak override --user --talk-name=org.freedesktop.Flatpak org.chromium.Chromium');
    fireEvent.click(screen.getByTestId('host-reconnect'));
    await waitFor(() => expect(fake.sent('reconnectHost')).toHaveLength(1));
    await waitFor(() => expect(fake.sent('getDiagnostics')).toHaveLength(2));
  });

  it('says which window watcher runs, why, and why each other one was not chosen', async () => {
    const fake = await options();
    fake.push(
      push({
        phase: 'idle',
        host: host({
          watcher: {
            state: 'running',
            kind: 'sway-ipc',
            why: 'sway IPC at $SWAYSOCK (/run/user/1000/sway-ipc.sock)',
            skipped: [
              { kind: 'x11', why: 'DISPLAY :0 is XWayland in a Wayland session: it would see only XWayland windows' },
              { kind: 'hyprland', why: 'no $HYPRLAND_INSTANCE_SIGNATURE (not Hyprland)' },
            ],
          },
        }),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('watcher-why').textContent).toContain('sway IPC at $SWAYSOCK'));
    const skipped = within(screen.getByTestId('watcher-skipped'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(skipped).toEqual([
      'x11: DISPLAY :0 is XWayland in a Wayland session: it would see only XWayland windows',
      'hyprland: no $HYPRLAND_INSTANCE_SIGNATURE (not Hyprland)',
    ]);
  });

  it("says what GNOME Shell made of the extension, with the helper's own words and fix", async () => {
    const fake = await options();
    const message = gnomeIntegrationMessage({ state: 'out-of-date', detail: '51.0' });
    fake.push(push({ phase: 'idle', host: host({ watcher: { state: 'failed', kind: 'gnome-shell', message } }) }));
    await waitFor(() =>
      expect(screen.getByTestId('host-diagnostics').textContent).toContain(
        'failed (gnome-shell) — the antidrift GNOME Shell extension is out of date for GNOME Shell 51.0: run `antidrift-host install` again',
      ),
    );
  });

  it.each([
    [{ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' }, 'firefox'],
    [{ userAgent: 'Mozilla/5.0 Chrome/130 Edg/130', userAgentData: { brands: [{ brand: 'Microsoft Edge' }] } }, 'edge'],
    [{ userAgent: 'Mozilla/5.0 Chrome/130', userAgentData: { brands: [{ brand: 'Brave' }] } }, 'brave'],
    [{ userAgent: 'Mozilla/5.0 Chrome/130', userAgentData: { brands: [{ brand: 'Google Chrome' }] } }, 'chrome'],
    [{ userAgent: 'Mozilla/5.0 Chrome/130', userAgentData: { brands: [{ brand: 'Chromium' }] } }, 'chromium'],
  ] as const)('detects %o as %s', (nav, kind) => {
    expect(detectBrowser(nav)).toBe(kind);
  });

  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36', true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130 Safari/537.36', false],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/128.0', false],
  ])('Linux (where Snap and Flatpak help shows) from %s: %s', (userAgent, linux) => {
    expect(detectLinux({ userAgent })).toBe(linux);
  });

  it('off Linux, no Snap or Flatpak help; the installation check is the same', async () => {
    const fake = fakeClient({ getSettings: () => ({ ok: true, value: defaultSettings() }) });
    fake.client.environment = () => ({ ...ENVIRONMENT, linux: false });
    renderWith(fake.client, <HelperChecks env={fake.client.environment()} />);
    expect(screen.getByTestId('doctor-command').textContent).toBe(
      'npx --yes antidrift-host@0.2.0 doctor --extension-id abcdefghijklmnopabcdefghijklmnop',
    );
    expect(screen.queryByTestId('sandbox-help')).toBeNull();
  });

  it('without the helper: the Helper section comes first, above every setting and Save, with the command and no "see Options"', async () => {
    const fake = await options();
    fake.push(
      push({
        phase: 'idle',
        host: host({ connection: 'missing', activeBackend: null, fit: 'unknown', error: 'Specified native messaging host not found.' }),
      }),
    );
    const helper = await screen.findByTestId('helper-advice');
    expect(helper.textContent).toMatch(/^The helper is not installed/);
    const sections = [...document.querySelectorAll('main > section, main > form')].map((el) => el.id || el.tagName.toLowerCase());
    expect(sections.slice(0, 2)).toEqual(['helper', 'form']);
    const save = screen.getByTestId('settings-save');
    // Save comes after the helper's words in the page: the command is never below Save.
    expect(helper.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(document.body.textContent).not.toMatch(/see Options|below/);
    expect(screen.getByTestId('no-backends').textContent).toContain('see Helper above');
    // The browser's own words are in Diagnostics, one click away (it opens by itself only for a helper that stopped).
    expect(screen.getByTestId('host-diagnostics').hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('host-error').textContent).toBe('Specified native messaging host not found.');
    expect(screen.getByTestId('host-status').textContent).not.toContain('native messaging');
  });

  it('opened at a section (options.html#ai-backend, from the popup): its heading is focused', async () => {
    location.hash = '#ai-backend';
    try {
      await options();
      await waitFor(() => expect(document.activeElement?.id).toBe('backend-title'));
      location.hash = '#helper';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      await waitFor(() => expect(document.activeElement?.id).toBe('helper-title'));
    } finally {
      location.hash = '';
    }
  });
});
