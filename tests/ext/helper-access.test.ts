// Firefox's optional nativeMessaging and Firefox for Android: the helper is not looked for until allowed, and never on Android.
import { describe, expect, it, vi } from 'vitest';
import { helperAccess, onHelperPermission, type AccessApi } from '../../background/helper/helper-access';
import { NativeChannel, type ChannelStatus, type HelperAccess } from '../../background/helper/native-channel';
import { boot, FakeHost, freshBackgroundEachTest, testPlatform } from './harness';

freshBackgroundEachTest();

/** The browser's permissions and platform as a test sets them; `grant`/`withdraw` fire the events Firefox fires. */
function fakeApi(os: string, granted: boolean) {
  const added: Array<(p: { permissions?: string[] }) => void> = [];
  const removed: Array<(p: { permissions?: string[] }) => void> = [];
  const asked: string[][] = [];
  const api: AccessApi = {
    runtime: { getPlatformInfo: () => Promise.resolve({ os }) },
    permissions: {
      contains: ({ permissions }) => {
        asked.push(permissions);
        return Promise.resolve(granted);
      },
      onAdded: { addListener: (l) => void added.push(l) },
      onRemoved: { addListener: (l) => void removed.push(l) },
    },
  };
  return {
    api,
    asked,
    grant(permissions = ['nativeMessaging']) {
      granted = true;
      for (const l of added) l({ permissions });
    },
    withdraw() {
      granted = false;
      for (const l of removed) l({ permissions: ['nativeMessaging'] });
    },
  };
}

describe('helperAccess', () => {
  it('Firefox for Android: no helper, whatever the permission says (it is not even asked)', async () => {
    const fake = fakeApi('android', true);
    expect(await helperAccess(fake.api)).toBe('android');
    expect(fake.asked).toEqual([]);
  });

  it('a desktop: allowed exactly when nativeMessaging is granted', async () => {
    expect(await helperAccess(fakeApi('linux', false).api)).toBe('not-allowed');
    const granted = fakeApi('win', true);
    expect(await helperAccess(granted.api)).toBe('allowed');
    expect(granted.asked).toEqual([['nativeMessaging']]);
  });

  it('onHelperPermission hears nativeMessaging granted or withdrawn, and no other permission', () => {
    const fake = fakeApi('linux', false);
    const heard = vi.fn();
    onHelperPermission(fake.api, heard);
    fake.grant(['notifications']);
    expect(heard).not.toHaveBeenCalled();
    fake.grant();
    fake.withdraw();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

/** A channel whose access a test sets, on timers it can see. */
function channelWith(host: FakeHost, access: () => HelperAccess) {
  const statuses: ChannelStatus[] = [];
  const timers = new Set<unknown>();
  const channel = new NativeChannel(
    {
      connect: host.connect,
      lastError: () => host.lastError,
      extensionVersion: '0.2.0',
      now: () => 0,
      setTimer: (fn, ms) => {
        const handle = setTimeout(fn, ms);
        timers.add(handle);
        return handle;
      },
      clearTimer: (handle) => {
        clearTimeout(handle as never);
        timers.delete(handle);
      },
      access: () => Promise.resolve(access()),
    },
    { onStatus: (s) => statuses.push(s), onWindow: () => {}, onWatcher: () => {}, onInvalid: () => {} },
  );
  return { channel, statuses, timers };
}

describe('NativeChannel with an access check', () => {
  it('not allowed: the helper is not started, the status says why in words, and nothing retries by itself', async () => {
    const host = new FakeHost();
    const { channel, timers } = channelWith(host, () => 'not-allowed');
    channel.start();
    await vi.waitFor(() => expect(channel.current.connection).toBe('missing'));
    expect(channel.current).toMatchObject({
      blocked: 'not-allowed',
      error: 'Firefox has not allowed antidrift to talk to its helper yet: allow it on the welcome page or in Options → Helper',
    });
    expect(host.ports).toHaveLength(0);
    expect(timers.size).toBe(0);
    channel.stop();
  });

  it('once granted, reconnecting starts the helper and the block is gone', async () => {
    const host = new FakeHost();
    let access: HelperAccess = 'not-allowed';
    const { channel } = channelWith(host, () => access);
    channel.start();
    await vi.waitFor(() => expect(channel.current.blocked).toBe('not-allowed'));
    access = 'allowed';
    channel.reconnectNow();
    await vi.waitFor(() => expect(channel.current.connection).toBe('connected'));
    expect(channel.current.blocked).toBeUndefined();
    expect(channel.current.error).toBeUndefined();
    expect(host.ports).toHaveLength(1);
    channel.stop();
  });

  it('a start while the check is under way opens one port, not two', async () => {
    const host = new FakeHost();
    const { channel } = channelWith(host, () => 'allowed');
    channel.start();
    channel.reconnectNow();
    await vi.waitFor(() => expect(channel.current.connection).toBe('connected'));
    expect(host.ports).toHaveLength(1);
    channel.stop();
  });
});

describe('the background on Firefox', () => {
  it('Android: the helper is never started; the surfaces and the AI say why, and what still works', async () => {
    const host = new FakeHost();
    const bg = await boot(host, Date.now, undefined, { ...testPlatform(), helperAccess: () => Promise.resolve('android') });
    await vi.waitFor(() => expect(bg.channel.current.blocked).toBe('android'));
    const view = bg.shell.snapshot().view.host;
    expect(view).toMatchObject({ connection: 'missing', blocked: 'android', activeBackend: null });
    expect(view.aiOff).toEqual({
      kind: 'unavailable',
      message: 'The AI cannot be asked: Firefox for Android cannot run the helper',
      hint: 'the AI and desktop apps are off; lists, strict, plans and history work',
    });
    expect(host.ports).toHaveLength(0);
  });

  it('desktop: granting the permission (permissions.onAdded) connects at once; withdrawing it closes the helper', async () => {
    const host = new FakeHost();
    const fake = fakeApi('linux', false);
    const bg = await boot(host, Date.now, undefined, {
      ...testPlatform(),
      helperAccess: () => helperAccess(fake.api),
      onHelperPermission: (listener) => onHelperPermission(fake.api, listener),
    });
    await vi.waitFor(() => expect(bg.channel.current.blocked).toBe('not-allowed'));
    expect(host.ports).toHaveLength(0);
    fake.grant();
    await vi.waitFor(() => expect(bg.channel.current.connection).toBe('connected'));
    expect(bg.shell.snapshot().view.host.activeBackend).toBe('claude');
    fake.withdraw();
    await vi.waitFor(() => expect(bg.channel.current.blocked).toBe('not-allowed'));
    expect(host.port?.connected).toBe(false);
    bg.channel.stop();
  });
});
