// Firefox's helper permission and Firefox for Android on the surfaces: the Allow button where it can be granted, words where nothing can.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { HelperSection } from '../../../entrypoints/options/helper-section';
import { Popup } from '../../../entrypoints/popup/popup';
import { WelcomePage } from '../../../entrypoints/welcome/welcome-page';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { fakeClient, renderWith } from '../fake-client';
import { host, push } from '../fixtures';

afterEach(cleanup);

const ANDROID = 'Firefox for Android cannot run the helper: the AI and desktop apps are off; lists, strict, plans and history work.';
const notAllowed = host({ connection: 'missing', activeBackend: null, fit: 'unknown', blocked: 'not-allowed' });
const android = host({ connection: 'missing', activeBackend: null, fit: 'unknown', blocked: 'android' });

describe('the popup footer', () => {
  it('Firefox for Android: what is off and what works, and no step to take', async () => {
    const fake = fakeClient({ getSettings: () => ({ ok: true, value: defaultSettings() }) });
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle', host: android }));
    expect((await screen.findByTestId('host-status')).textContent).toBe(ANDROID);
    expect(screen.queryByTestId('setup-action')).toBeNull();
  });

  it('not allowed yet: the step leads to Options → Helper, where the Allow button is', async () => {
    const fake = fakeClient({ getSettings: () => ({ ok: true, value: defaultSettings() }) });
    renderWith(fake.client, <Popup />);
    fake.push(push({ phase: 'idle', host: notAllowed }));
    expect((await screen.findByTestId('host-status')).textContent).toBe(
      'antidrift may not talk to its helper yet: your site lists work; the AI and desktop apps need it.',
    );
    fireEvent.click(screen.getByTestId('setup-action'));
    expect(fake.pagesOpened).toEqual(['options#helper']);
  });
});

describe('the welcome page', () => {
  it('not allowed yet: the first card asks for the permission (not the command); granted, it says so', async () => {
    const fake = fakeClient();
    renderWith(fake.client, <WelcomePage />);
    fake.push(push({ phase: 'idle', host: notAllowed }));
    const card = await screen.findByTestId('helper-permission-card');
    expect(card.querySelector('h2')?.textContent).toBe('First: let antidrift talk to its helper');
    expect(screen.queryByTestId('host-install-command')).toBeNull();
    fireEvent.click(screen.getByTestId('allow-helper'));
    await waitFor(() => expect(screen.getByTestId('allow-helper-note').textContent).toBe('Allowed: looking for the helper…'));
    expect(fake.helperAsked).toBe(1);
  });

  it('not allowed, and the person says no: the button asks again', async () => {
    const fake = fakeClient();
    fake.setHelperGrant(false);
    renderWith(fake.client, <WelcomePage />);
    fake.push(push({ phase: 'idle', host: notAllowed }));
    fireEvent.click(await screen.findByTestId('allow-helper'));
    await waitFor(() =>
      expect(screen.getByTestId('allow-helper-note').textContent).toBe('Firefox did not allow it; the button asks again.'),
    );
  });

  it('Firefox for Android: no command, no button; what works without the helper', async () => {
    const fake = fakeClient();
    renderWith(fake.client, <WelcomePage />);
    fake.push(push({ phase: 'idle', host: android }));
    const card = await screen.findByTestId('helper-permission-card');
    expect(card.querySelector('h2')?.textContent).toBe('Firefox for Android: no helper here');
    expect(screen.getByTestId('helper-android').textContent).toBe(ANDROID);
    expect(screen.queryByTestId('allow-helper')).toBeNull();
    expect(screen.queryByTestId('host-install-command')).toBeNull();
    expect(screen.getByTestId('works-already').textContent).toContain('Your tabs: a blocked site gets a banner at once');
  });
});

describe('Options → Helper', () => {
  it('Firefox for Android: the words, and nothing to install or reconnect', async () => {
    const fake = fakeClient({ getDiagnostics: () => ({ ok: true, value: [] }) });
    renderWith(fake.client, <HelperSection host={android} />);
    expect((await screen.findByTestId('helper-android')).textContent).toBe(ANDROID);
    expect(screen.queryByTestId('host-install-command')).toBeNull();
    expect(screen.queryByTestId('host-reconnect')).toBeNull();
  });

  it('not allowed yet: the Allow button, then the command (the helper may not be installed either)', async () => {
    const fake = fakeClient({ getDiagnostics: () => ({ ok: true, value: [] }) });
    renderWith(fake.client, <HelperSection host={notAllowed} />);
    fireEvent.click(await screen.findByTestId('allow-helper'));
    await waitFor(() => expect(fake.helperAsked).toBe(1));
    expect(screen.getByTestId('host-install-command').textContent?.trim()).toBe(
      'npx --yes antidrift-host@0.2.0 install --browser chromium --extension-id abcdefghijklmnopabcdefghijklmnop',
    );
  });
});
