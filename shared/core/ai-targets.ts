// Which AI port and backend a call runs on: each port's backends, status and availability in words, from what the controller knows, and the one choice.
import { backendTitle, consentOf, destinationOf, maySend } from './ai-consent';
import { BROWSER_MODEL, browserModelLine, browserModelUnusable } from './browser-model-line';
import type { Failure } from './failure';
import { canTalk, helperFit } from './helper-fit';
import type { HostConnection } from './host-connection';
import { PORT_NOT_CHECKED, type PortStatus } from './port-status';
import type { SessionSettings } from './session-settings';
import { BROWSER_BACKEND, HELPER_BLOCK_WORDS } from './vocabulary';

/**
 * What availability is read from: the helper's port by the host connection as the native channel reports it
 * (the connection carries more than AI: the watcher, the versions), every other port by what it last reported.
 */
export interface AIFacts {
  host: HostConnection;
  ports: PortStatuses;
}

/** What each port that reports its own status last said, by id; absent: not asked yet. */
export type PortStatuses = { readonly [P in ReportingPortId]?: PortStatus };

/** A reporting port's status: what it last said, else not checked yet. */
export const portStatus = (ports: PortStatuses, id: ReportingPortId): PortStatus => ports[id] ?? PORT_NOT_CHECKED;

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

/** A port that reports its own status (every port but the helper's): its name and that status in one line, for the surfaces. */
export interface ReportingPortFacts extends AIPortFacts {
  /** Lower-case, as it continues a sentence; the surfaces capitalize it where it starts one. */
  readonly name: string;
  line(status: PortStatus): string;
}

const OK: Availability = { ok: true };

/** Where to look when the helper does not answer, and what to try. */
export const HELPER_DIAGNOSTICS = 'Options → Helper → Diagnostics says why; Reconnect tries again';

/** Why the helper cannot run anything now (not there, not connected, too far apart), or null when it can. */
function helperProblem(who: string, host: HostConnection): Failure | null {
  if (host.blocked) {
    const { why, hint } = HELPER_BLOCK_WORDS[host.blocked];
    return { kind: 'unavailable', message: `${who} cannot be asked: ${why}`, hint };
  }
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
      hint: HELPER_DIAGNOSTICS,
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

/**
 * A port of one backend, named as the port and without models, that reports its own status: it can answer
 * once it says `available`; else `unusable` says why and what to do (by default, its line).
 */
function reportingPort(
  id: ReportingPortId,
  name: string,
  line: (status: PortStatus) => string,
  unusable = (status: PortStatus): Failure => ({ kind: 'unavailable', message: line(status) }),
): ReportingPortFacts {
  const whyNone = ({ ports }: AIFacts) => unusable(portStatus(ports, id));
  return {
    name,
    line,
    names: [id],
    backends: () => [id],
    availability: (_backend, facts) =>
      portStatus(facts.ports, id).availability === 'available' ? OK : { ok: false, failure: whyNone(facts) },
    whyNone,
    takesModel: false,
  };
}

/** The browser's built-in model (the Prompt API): usable once the browser says `available`. */
const BROWSER: ReportingPortFacts = reportingPort(BROWSER_BACKEND, BROWSER_MODEL, browserModelLine, browserModelUnusable);

/**
 * Every AI port, in the order Automatic tries them: the helper's CLI backends first (measured, usually
 * stronger), then the built-in model. The background keys the half that runs calls by the same ids.
 */
export const AI_PORTS = { helper: HELPER, browser: BROWSER } as const satisfies Record<string, AIPortFacts>;
export type AIPortId = keyof typeof AI_PORTS;
const PORT_IDS = Object.keys(AI_PORTS) as AIPortId[];

/** The ports that report their own status: those made with their name and line (every one but the helper's). */
export type ReportingPortId = { [P in AIPortId]: (typeof AI_PORTS)[P] extends ReportingPortFacts ? P : never }[AIPortId];
export const REPORTING_PORT_IDS = PORT_IDS.filter((id) => 'line' in AI_PORTS[id]) as ReportingPortId[];

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

/** No call can run; `waitingFor`: the backend that could, once the person says yes to it. */
export type TargetChoice = { ok: true; target: AITarget } | { ok: false; failure: Failure; waitingFor?: string };

/** Why a backend that could answer is not asked: the person has not said yes to where it sends, or said not now. */
function waitsForYes(settings: Pick<SessionSettings, 'aiConsent'>, backend: string, model: string | undefined): TargetChoice {
  const { to } = destinationOf(backend, model);
  const failure: Failure =
    consentOf(settings.aiConsent, backend, model) === 'notNow'
      ? {
          kind: 'consent',
          message: `${backendTitle(backend)} is off: you chose not to send to ${to}`,
          hint: 'Options → AI backend allows it',
        }
      : {
          kind: 'consent',
          message: `${backendTitle(backend)} waits for your yes: nothing goes to ${to} until you allow it`,
          hint: 'allow it in the popup, on the welcome page or in Options → AI backend',
        };
  return { ok: false, failure, waitingFor: backend };
}

function targetOn(backend: string, model: string | undefined): AITarget {
  const port = portOf(backend);
  return AI_PORTS[port].takesModel && model ? { port, backend, model } : { port, backend };
}

/**
 * The one choice of where an AI call runs: the backend asked for (Options' Test), else the one chosen
 * in Options, else ("Automatic") the first that can answer in the ports' order; the model asked for,
 * else the settings'. A backend that sends off this computer runs only once the person allowed it
 * (Automatic passes over it to one that may run), unless the call carries nothing of theirs (the
 * connection test's fixed prompt). When none can run, why, in the words a person reads.
 */
export function chooseTarget(
  settings: Pick<SessionSettings, 'backend' | 'model' | 'aiConsent'>,
  facts: AIFacts,
  asked: { backend?: string; model?: string; carriesNothingPersonal?: boolean } = {},
): TargetChoice {
  const model = asked.model || settings.model || undefined;
  const mayRun = (backend: string) => asked.carriesNothingPersonal === true || maySend(settings.aiConsent, backend, model);
  const requested = asked.backend ?? settings.backend;
  if (requested) {
    const availability = AI_PORTS[portOf(requested)].availability(requested, facts);
    if (!availability.ok) return availability;
    return mayRun(requested) ? { ok: true, target: targetOn(requested, model) } : waitsForYes(settings, requested, model);
  }
  let waiting: string | undefined;
  for (const id of PORT_IDS) {
    const port: AIPortFacts = AI_PORTS[id];
    for (const backend of port.backends(facts)) {
      if (!port.availability(backend, facts).ok) continue;
      if (mayRun(backend)) return { ok: true, target: targetOn(backend, model) };
      waiting ??= backend;
    }
  }
  if (waiting !== undefined) return waitsForYes(settings, waiting, model);
  return { ok: false, failure: AI_PORTS[PORT_IDS[0]!].whyNone(facts) };
}
