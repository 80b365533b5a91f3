// The one choice of where an AI call runs: each port's availability in words, Automatic's order, and what is asked for.
import { describe, expect, it } from 'vitest';
import { AI_PORTS, chooseTarget, portOf, REPORTING_PORT_IDS, type AIFacts } from '../../../shared/core/ai-targets';
import { hostStatus } from '../../../shared/core/host-status';
import type { PortStatus } from '../../../shared/core/port-status';
import type { HostConnection } from '../../../shared/core/host-connection';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';
import { PROTOCOL_VERSION } from '../../../shared/protocol/protocol-limits';

const connected: HostConnection = {
  connection: 'connected',
  hostVersion: '0.2.0',
  protocol: PROTOCOL_VERSION,
  extensionVersion: '0.2.0',
  backends: [
    { name: 'claude', available: false, problem: 'not on PATH', hint: 'install Claude Code' },
    { name: 'codex', available: true },
  ],
};
const READY: PortStatus = { availability: 'available' };
const DOWNLOADABLE: PortStatus = { availability: 'downloadable' };
const facts = (host: Partial<HostConnection> = {}, browserModel: PortStatus = DOWNLOADABLE): AIFacts => ({
  host: { ...connected, ...host },
  ports: { browser: browserModel },
});
/** A person who allowed every backend these cases name (what happens without a yes: ai-consent.test.ts). */
const ALLOWED = Object.fromEntries(['claude', 'codex', 'gone'].map((name) => [name, { answer: 'allowed' as const, at: 1 }]));
const settings = (over: Partial<Settings> = {}) => ({ ...defaultSettings(), aiConsent: ALLOWED, ...over });

describe('chooseTarget', () => {
  it('Automatic: the first available CLI backend, with the settings model', () => {
    expect(chooseTarget(settings({ model: 'o4' }), facts())).toEqual({
      ok: true,
      target: { port: 'helper', backend: 'codex', model: 'o4' },
    });
  });

  it('Automatic falls back to the built-in model, which takes no model name', () => {
    const choice = chooseTarget(settings({ model: 'o4' }), facts({ connection: 'missing', backends: [] }, READY));
    expect(choice).toEqual({ ok: true, target: { port: 'browser', backend: 'browser' } });
  });

  it('Automatic with nothing: the helper’s words, since it is tried first', () => {
    const choice = chooseTarget(settings(), facts({ connection: 'missing', backends: [] }));
    expect(choice).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', message: 'The AI cannot be asked: the helper is not installed' },
    });
    const none = chooseTarget(settings(), facts({ backends: [{ name: 'claude', available: false }] }));
    expect(none).toMatchObject({
      ok: false,
      failure: { message: 'No AI backend was found on this computer', hint: expect.stringContaining('claude') },
    });
  });

  it('a chosen backend that cannot run is named, with the helper’s hint; no silent fallback', () => {
    const choice = chooseTarget(settings({ backend: 'claude' }), facts({}, READY));
    expect(choice).toEqual({
      ok: false,
      failure: { kind: 'not_installed', message: 'claude is not installed here (not on PATH)', hint: 'install Claude Code' },
    });
    expect(chooseTarget(settings({ backend: 'gone' }), facts())).toMatchObject({
      ok: false,
      failure: { message: 'gone is not a backend the helper knows' },
    });
  });

  it('the built-in model chosen but not downloaded says what to do', () => {
    const choice = chooseTarget(settings({ backend: 'browser' }), facts());
    expect(choice).toMatchObject({
      ok: false,
      failure: { kind: 'unavailable', hint: 'Options → AI backend → Download the built-in model' },
    });
  });

  it('what is asked for (Options’ Test) wins over the settings, checked the same way', () => {
    expect(chooseTarget(settings({ backend: 'codex' }), facts({}, READY), { backend: 'browser' })).toEqual({
      ok: true,
      target: { port: 'browser', backend: 'browser' },
    });
    expect(chooseTarget(settings(), facts(), { backend: 'codex', model: 'm' })).toEqual({
      ok: true,
      target: { port: 'helper', backend: 'codex', model: 'm' },
    });
    const stopped = chooseTarget(settings(), facts({ connection: 'disconnected', error: 'exited' }), { backend: 'codex' });
    expect(stopped).toMatchObject({ ok: false, failure: { message: 'codex cannot be asked: the helper is not connected (exited)' } });
  });

  it('every name belongs to exactly one port', () => {
    expect(portOf('browser')).toBe('browser');
    expect(portOf('claude')).toBe('helper');
    expect(portOf('my-custom')).toBe('helper');
    expect(Object.values(AI_PORTS).filter((p) => !('names' in p)).length).toBe(1);
  });
});

describe('ports that report their own status', () => {
  it('are every port but the helper, each shown by id with its name, its status and that status in words', () => {
    expect(REPORTING_PORT_IDS).toEqual(['browser']);
    expect(hostStatus(settings(), connected, {}).ports).toEqual({
      browser: {
        name: "the browser's built-in model",
        status: { availability: 'unavailable', reason: 'not checked yet' },
        line: "the browser's built-in model is unavailable: not checked yet",
      },
    });
    expect(hostStatus(settings(), connected, { browser: READY }).ports.browser.line).toBe(
      "the browser's built-in model is ready: titles it judges never leave this computer",
    );
  });
});
