// Options' built-in model panel: a line per state, a download only from a click, its progress, and cancelling it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { BrowserModelPanel } from '../../../ui/components/browser-model-panel';
import type { PortStatus } from '../../../shared/core/port-status';
import { fakeLanguageModel, type FakeLanguageModel } from '../../support/fake-language-model';
import { fakeClient, renderWith } from '../fake-client';
import { host } from '../fixtures';

let installed: FakeLanguageModel | undefined;
afterEach(() => {
  cleanup();
  delete (globalThis as { LanguageModel?: unknown }).LanguageModel;
  installed = undefined;
});

function panel(browserModel: PortStatus, connection: 'connected' | 'missing' = 'connected') {
  const fake = fakeClient({});
  renderWith(fake.client, <BrowserModelPanel host={host({ browserModel, connection })} />);
  return fake;
}

function install(model: FakeLanguageModel) {
  installed = model;
  (globalThis as { LanguageModel?: unknown }).LanguageModel = model;
}

describe("Options: the browser's built-in model", () => {
  it.each([
    [{ availability: 'available' }, "The browser's built-in model is ready: titles it judges never leave this computer"],
    [{ availability: 'downloadable' }, "The browser's built-in model is not downloaded yet: Options → AI backend → Download"],
    [{ availability: 'downloading' }, "The browser's built-in model is downloading"],
    [
      { availability: 'unavailable', reason: 'this browser has no built-in model' },
      "The browser's built-in model is unavailable: this browser has no built-in model",
    ],
  ] as const)('%o has its line', (status, line) => {
    panel(status);
    expect(screen.getByTestId('browser-model-line').textContent).toBe(line);
    expect(screen.queryByTestId('browser-model-download') !== null).toBe(
      status.availability === 'downloadable' || status.availability === 'downloading',
    );
  });

  it('ready without the helper: says that apps outside the browser need it', () => {
    panel({ availability: 'available' }, 'missing');
    expect(screen.getByTestId('browser-model-helper-note').textContent).toContain('apps outside the browser are seen only with the helper');
  });

  it('a click downloads with progress, then the worker is asked again', async () => {
    const model = fakeLanguageModel({ state: 'downloadable' });
    model.downloadSteps = [0, 0.25, 0.5, 1];
    install(model);
    const fake = panel({ availability: 'downloadable' });
    // The click is the person's activation (a real browser refuses a download without one).
    model.userActivation = true;
    // Held halfway, the page shows where the download is.
    let release = () => {};
    const halfway = new Promise<void>((r) => (release = r));
    model.afterProgress = (loaded) => (loaded === 0.5 ? halfway : Promise.resolve());
    fireEvent.click(screen.getByTestId('browser-model-download'));
    await waitFor(() => expect((screen.getByTestId('browser-model-progress') as HTMLProgressElement).value).toBe(0.5));
    expect(screen.getByTestId('browser-model-panel').textContent).toContain('50 %');
    expect(fake.sent('checkAIPorts')).toHaveLength(0);
    release();
    await waitFor(() => expect(fake.sent('checkAIPorts')).toHaveLength(1));
    expect(screen.queryByTestId('browser-model-progress')).toBeNull();
    expect(model.state).toBe('available');
    expect(model.destroyed).toBe(1); // the page's session existed only to download
    expect(installed).toBe(model);
  });

  it('without user activation the browser refuses, and the page says why', async () => {
    install(fakeLanguageModel({ state: 'downloadable' }));
    panel({ availability: 'downloadable' });
    fireEvent.click(screen.getByTestId('browser-model-download'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('The download failed: Requires a user gesture'));
  });

  it('Cancel stops the download; nothing is left half-done', async () => {
    const model = fakeLanguageModel({ state: 'downloadable' });
    model.downloadSteps = Array.from({ length: 50 }, (_, i) => i / 50);
    model.userActivation = true;
    install(model);
    const fake = panel({ availability: 'downloadable' });
    fireEvent.click(screen.getByTestId('browser-model-download'));
    fireEvent.click(await screen.findByTestId('browser-model-cancel'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The download was cancelled.'));
    expect(model.state).toBe('downloadable');
    expect(model.created).toBe(0);
    await waitFor(() => expect(fake.sent('checkAIPorts')).toHaveLength(1));
  });
});
