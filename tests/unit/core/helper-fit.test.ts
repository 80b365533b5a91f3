// Which side to update when the helper and the extension are different releases, and when they can no longer talk.
import { describe, expect, it } from 'vitest';
import { canTalk, helperFit } from '../../../shared/core/helper-fit';
import { compareVersions } from '../../../shared/util/compare-versions';
import { chooseTarget } from '../../../shared/core/ai-targets';
import { PORT_NOT_CHECKED } from '../../../shared/core/port-status';
import type { HostConnection } from '../../../shared/core/host-connection';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { PROTOCOL_VERSION } from '../../../shared/protocol/protocol-limits';

const connected = (over: Partial<HostConnection> = {}): HostConnection => ({
  connection: 'connected',
  hostVersion: '0.2.0',
  protocol: PROTOCOL_VERSION,
  oldestProtocol: 1,
  extensionVersion: '0.2.0',
  backends: [{ name: 'claude', available: true }],
  ...over,
});

describe('helper fit', () => {
  it('orders releases by number, not by text', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('0.2.0-beta.1', '0.2.0')).toBe(0);
    expect(compareVersions('0.1.9', '0.2.0')).toBe(-1);
    // nvm's folder names, as the host sorts them.
    expect(['v9.0.0', 'v22.1.0', 'v18.20.4'].sort(compareVersions)).toEqual(['v9.0.0', 'v18.20.4', 'v22.1.0']);
  });

  it('same release; an older or newer helper that still talks; none while not connected', () => {
    expect(helperFit(connected())).toBe('same');
    // A helper of protocol 1 (0.1.x) sent no protocol at all.
    expect(helperFit(connected({ hostVersion: '0.1.0', protocol: undefined, oldestProtocol: undefined }))).toBe('helper-older');
    expect(helperFit(connected({ hostVersion: '0.3.0' }))).toBe('helper-newer');
    expect(helperFit(connected({ connection: 'disconnected' }))).toBe('unknown');
    expect(helperFit(connected({ extensionVersion: undefined }))).toBe('unknown');
  });

  it('a helper that no longer serves this protocol: no AI until the extension is updated, and the words say so', () => {
    const host = connected({ hostVersion: '9.0.0', protocol: PROTOCOL_VERSION + 5, oldestProtocol: PROTOCOL_VERSION + 1 });
    expect(helperFit(host)).toBe('extension-too-old');
    expect(canTalk(helperFit(host))).toBe(false);
    const choice = chooseTarget(defaultSettings(), { host, ports: { browser: PORT_NOT_CHECKED } });
    expect(choice).toEqual({
      ok: false,
      failure: {
        kind: 'unavailable',
        message: 'The AI cannot be asked: the helper (9.0.0) and this extension (0.2.0) no longer fit',
        hint: 'update the extension: Options → Helper shows how',
      },
    });
    // An older or newer helper that still talks keeps the AI.
    const older = connected({ hostVersion: '0.1.0', protocol: undefined });
    const allowed = { ...defaultSettings(), aiConsent: { claude: { answer: 'allowed' as const, at: 1 } } };
    expect(chooseTarget(allowed, { host: older, ports: { browser: PORT_NOT_CHECKED } })).toEqual({
      ok: true,
      target: { port: 'helper', backend: 'claude' },
    });
  });
});
