// What a person has set up, in one word per state, and the words and the one next step each surface shows for it.
import type { HostStatus } from '../shared/core/host-status';
import { BROWSER_BACKEND, HELPER_BLOCK_WORDS } from '../shared/core/vocabulary';

/**
 * Every state the helper and the AI can be in, as a person meets them. The welcome page, Options, the
 * popup's footer and the state gallery (tests/e2e/gallery) each handle all of them: a new one fails the
 * typecheck until each has its words and its gallery entry.
 */
export const SETUP_STATES = [
  'checking',
  'helper-missing',
  'helper-stopped',
  'helper-older',
  'helper-newer',
  'no-ai',
  'ai-consent',
  'ai-not-now',
  'browser-model-only',
  'ready',
] as const;
export type SetupState = (typeof SETUP_STATES)[number];

export function setupStateOf(host: HostStatus): SetupState {
  switch (host.connection) {
    case 'connecting':
      return 'checking';
    case 'missing':
    case 'disconnected':
      if (host.activeBackend === BROWSER_BACKEND) return 'browser-model-only';
      return host.connection === 'missing' ? 'helper-missing' : 'helper-stopped';
    case 'connected':
      if (host.fit === 'helper-older' || host.fit === 'helper-too-old') return 'helper-older';
      if (host.fit === 'helper-newer' || host.fit === 'extension-too-old') return 'helper-newer';
      // An AI that could answer but sends off this computer waits for the person's yes (or their "not now").
      if (host.consent) return host.consent.answer === 'notNow' ? 'ai-not-now' : 'ai-consent';
      return host.activeBackend ? 'ready' : 'no-ai';
  }
}

/** Where a next step leads: the welcome page (the helper's command), or a section of Options. */
export type SetupTarget = 'welcome' | 'options-helper' | 'options-backend';

export interface SetupLine {
  state: SetupState;
  /** One sentence, in the person's words: what works, what does not. */
  text: string;
  tone: 'ok' | 'warn' | 'muted';
  /** The one thing to do, and where it is done; none when all is well or nothing can be done now. */
  action?: { label: string; to: SetupTarget };
}

/** The AI in use, in words: a CLI backend by its name, the built-in model by what it is. */
export function aiName(backend: string): string {
  return backend === BROWSER_BACKEND ? "the browser's built-in model" : backend;
}

/** The words of each state where space is short (the popup's footer, Options' status line). */
export function setupLine(host: HostStatus, version: string): SetupLine {
  const state = setupStateOf(host);
  const ai = host.activeBackend ? `AI: ${aiName(host.activeBackend)}` : 'AI off';
  const theirs = host.hostVersion ?? 'unknown';
  const line = (text: string, tone: SetupLine['tone'], action?: SetupLine['action']): SetupLine =>
    action ? { state, text, tone, action } : { state, text, tone };
  switch (state) {
    case 'checking':
      return line('Connecting to the helper…', 'muted');
    case 'helper-missing':
      // Not a helper to install: Firefox has to allow it first, or (Android) there is none to have.
      if (host.blocked === 'android') return line(`${HELPER_BLOCK_WORDS.android.why}: ${HELPER_BLOCK_WORDS.android.hint}.`, 'muted');
      if (host.blocked === 'not-allowed')
        return line('antidrift may not talk to its helper yet: your site lists work; the AI and desktop apps need it.', 'warn', {
          label: 'Allow the helper',
          to: 'options-helper',
        });
      return line('No helper yet: your site lists work; the AI and desktop apps need the helper.', 'warn', {
        label: 'Set up the helper',
        to: 'welcome',
      });
    case 'helper-stopped':
      return line('The helper stopped; trying again. Your site lists still work.', 'warn', { label: 'Details', to: 'options-helper' });
    case 'helper-older':
    case 'helper-newer': {
      const older = state === 'helper-older';
      const action = older ? { label: 'Update the helper', to: 'welcome' as const } : { label: 'What to update', to: 'welcome' as const };
      // Too far apart to talk at all, or only an update due (the AI still runs).
      const apart = host.fit === 'helper-too-old' || host.fit === 'extension-too-old';
      if (!apart)
        return line(`${ai} · the helper (${theirs}) is ${older ? 'older' : 'newer'} than this extension (${version}).`, 'warn', action);
      const tooOld = older
        ? `The helper (${theirs}) is too old for this extension (${version})`
        : `This extension (${version}) is too old for the helper (${theirs})`;
      return line(`${tooOld}: the AI and desktop apps are off.`, 'warn', action);
    }
    case 'no-ai': {
      // A backend the person chose is named: "no backend found" would send them looking for the wrong thing.
      const missing = host.chosenBackend ? `${aiName(host.chosenBackend)} is not available` : 'the helper found no AI backend';
      return line(`AI off: ${missing}. Your site lists work.`, 'warn', { label: 'Choose an AI', to: 'options-backend' });
    }
    case 'ai-consent':
      // The popup puts Allow / Not now beside this line (ui/components/consent-ask.tsx): the question is asked where it is read.
      return line(
        `AI waits for your yes: may ${host.consent?.backend} send your commitment and the titles and sites you look at${host.consent?.addresses ? ', with their addresses,' : ''} to ${host.consent?.to}?`,
        'warn',
      );
    case 'ai-not-now':
      return line(`AI off: you chose not to send to ${host.consent?.to}. Your site lists work.`, 'muted', {
        label: 'Allow it',
        to: 'options-backend',
      });
    case 'browser-model-only':
      return line(`AI: the browser's built-in model · desktop apps need the helper.`, 'ok', { label: 'Set up the helper', to: 'welcome' });
    case 'ready':
      return line(`${ai} · helper connected`, 'ok');
  }
}
