// Which AI port and backend a call runs on: each port's backends and availability in words, from what the controller knows, and the one choice.
import type { BrowserModelStatus } from './browser-model-status';
import { browserModelUnusable } from './browser-model-line';
import type { Failure } from './failure';
import { canTalk, helperFit } from './helper-fit';
import type { HostConnection } from './host-status';
import type { SessionSettings } from './settings';
import { BROWSER_BACKEND } from './vocabulary';

/** What availability is read from: the helper as the native channel reports it, and the built-in model as the worker last asked. */
export interface AIFacts {
  host: HostConnection;
  browserModel: BrowserModelStatus;
}

export type Availability = { ok: true } | { ok: false; failure: Failure };

/**
 * The pure half of an AI port (the half that runs calls is the background's, keyed by the same id):
 * which backends it offers and whether each can answer now, in the words a person reads.
 */
export interface AIPortFacts {
  /** The backend names it owns; none: every name no other port owns (the helper's come from the helper at run time). */
  readonly names?: readonly string[];
  /** Its backends in the order Automatic tries them, available or not. */
  backends(facts: AIFacts): readonly string[];
  /** Whether `backend` (one of its own) can answer now; when not, why, and what to do. */
  availability(backend: string, facts: AIFacts): Availability;
  /** Why none of its backends can answer, for Automatic's words when it is the port tried first. */
  whyNone(facts: AIFacts): Failure;
  /** Whether the settings' model name applies (the built-in model has no models). */
  readonly takesModel: boolean;
}

const OK: Availability = { ok: true };

/** Why the helper cannot run anything now (not there, not connected, too far apart), or null when it can. */
function helperProblem(who: string, host: HostConnection): Failure | null {
  if (host.connection === 'missing')
    return {
      kind: 'unavailable',
      message: `${who} cannot be asked: the helper is not installed`,
      hint: 'install it with the command the welcome page and Options → Helper show',
    };
  if (host.connection !== 'connected')
    return {
      kind: 'unavailable',
      message: `${who} cannot be asked: the helper is not connected${host.error ? ` (${host.error})` : ''}`,
      hint: 'Options → Helper → Diagnostics says why; Reconnect tries again',
    };
  const fit = helperFit(host);
  if (canTalk(fit)) return null;
  return {
    kind: 'unavailable',
    message: `${who} cannot be asked: the helper (${host.hostVersion}) and this extension (${host.extensionVersion ?? 'unknown'}) no longer fit`,
    hint: `update ${fit === 'helper-too-old' ? 'the helper' : 'the extension'}: Options → Helper shows how`,
  };
}

/** The CLI backends the helper runs (claude, codex, … and custom ones), in the helper's own order. */
const HELPER: AIPortFacts = {
  backends: ({ host }) => (host.connection === 'connected' ? host.backends.map((b) => b.name) : []),
  availability(backend, { host }) {
    const problem = helperProblem(backend, host);
    if (problem) return { ok: false, failure: problem };
    const info = host.backends.find((b) => b.name === backend);
    if (!info)
      return {
        ok: false,
        failure: {
          kind: 'not_installed',
          message: `${backend} is not a backend the helper knows`,
          hint: 'choose another backend in Options',
        },
      };
    if (info.available) return OK;
    return {
      ok: false,
      failure: {
        kind: 'not_installed',
        message: `${backend} is not installed here (${info.problem ?? 'the helper cannot find it'})`,
        hint: info.hint ?? 'install it, or choose another backend in Options',
      },
    };
  },
  whyNone: ({ host }) =>
    helperProblem('The AI', host) ?? {
      kind: 'unavailable',
      message: 'No AI backend was found on this computer',
      hint: `install one of ${host.backends.map((b) => b.name).join(', ')}, then Reconnect in Options`,
    },
  takesModel: true,
};

/** The browser's built-in model (the Prompt API): one backend, usable once the browser says `available`. */
const BROWSER_MODEL: AIPortFacts = {
  names: [BROWSER_BACKEND],
  backends: () => [BROWSER_BACKEND],
  availability: (_backend, { browserModel }) =>
    browserModel.availability === 'available' ? OK : { ok: false, failure: browserModelUnusable(browserModel) },
  whyNone: ({ browserModel }) => browserModelUnusable(browserModel),
  takesModel: false,
};

/**
 * Every AI port, in the order Automatic tries them: the helper's CLI backends first (measured, usually
 * stronger), then the built-in model. The background keys the half that runs calls by the same ids.
 */
export const AI_PORTS = { helper: HELPER, browser: BROWSER_MODEL } as const satisfies Record<string, AIPortFacts>;
export type AIPortId = keyof typeof AI_PORTS;
const PORT_IDS = Object.keys(AI_PORTS) as AIPortId[];

/** The port that owns a backend name: the one that names it, else the one that takes every other name. */
export function portOf(backend: string): AIPortId {
  const ports = AI_PORTS as Record<AIPortId, AIPortFacts>;
  return PORT_IDS.find((id) => ports[id].names?.includes(backend)) ?? PORT_IDS.find((id) => !ports[id].names)!;
}

/** Which port, backend and model one AI call runs on; chosen once, when the call is made. */
export interface AITarget {
  readonly port: AIPortId;
  readonly backend: string;
  readonly model?: string;
}

export type TargetChoice = { ok: true; target: AITarget } | { ok: false; failure: Failure };

function targetOn(backend: string, model: string | undefined): AITarget {
  const port = portOf(backend);
  return AI_PORTS[port].takesModel && model ? { port, backend, model } : { port, backend };
}

/**
 * The one choice of where an AI call runs: the backend asked for (Options' Test), else the one chosen
 * in Options, else ("Automatic") the first that can answer in the ports' order; the model asked for,
 * else the settings'. When none can run, why, in the words a person reads.
 */
export function chooseTarget(
  settings: Pick<SessionSettings, 'backend' | 'model'>,
  facts: AIFacts,
  asked: { backend?: string; model?: string } = {},
): TargetChoice {
  const model = asked.model || settings.model || undefined;
  const requested = asked.backend ?? settings.backend;
  if (requested) {
    const availability = AI_PORTS[portOf(requested)].availability(requested, facts);
    return availability.ok ? { ok: true, target: targetOn(requested, model) } : availability;
  }
  for (const id of PORT_IDS) {
    const port: AIPortFacts = AI_PORTS[id];
    const backend = port.backends(facts).find((name) => port.availability(name, facts).ok);
    if (backend !== undefined) return { ok: true, target: targetOn(backend, model) };
  }
  return { ok: false, failure: AI_PORTS[PORT_IDS[0]!].whyNone(facts) };
}
