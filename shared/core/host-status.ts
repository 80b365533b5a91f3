// The native host as the controller and the surfaces see it: connection, backends, and which one the AI uses.
import * as z from 'zod';
import type { Failure } from '../messages/failure';
import { BackendInfo, BackendName, ProtocolNumber, ReleaseVersion, WatcherInfo } from '../protocol/frames';
import { canTalk, HELPER_FITS, helperFit } from './helper-fit';
import type { Settings } from './settings';
import { browserModelUnusable } from './browser-model-line';
import { BrowserModelStatus, MODEL_NOT_CHECKED } from './browser-model-status';
import { BROWSER_BACKEND, CONNECTIONS } from './vocabulary';

/** What the native channel knows about the host; it reports every change as a controller event. */
export const HostConnection = z.object({
  connection: z.enum(CONNECTIONS),
  hostVersion: z.string().optional(),
  platform: z.string().optional(),
  watcher: WatcherInfo.optional(),
  backends: z.array(BackendInfo),
  /** Why the host is not connected, in words (the browser's own error where there is one). */
  error: z.string().optional(),
  /** The helper's protocol and the oldest extension protocol it serves (absent: a helper of protocol 1). */
  protocol: ProtocolNumber.optional(),
  oldestProtocol: ProtocolNumber.optional(),
  /** This extension's release, as it told the helper. */
  extensionVersion: ReleaseVersion.optional(),
});
export type HostConnection = z.infer<typeof HostConnection>;

/** The host before the channel has said anything. */
export const NO_HOST: HostConnection = { connection: 'connecting', backends: [] };

/** The host status the surfaces show: the connection plus the backend the AI roles use now. */
export const HostStatus = HostConnection.extend({
  /** The chosen backend if available, else the first available one, or null. */
  activeBackend: BackendName.nullable(),
  /** The backend the person chose in Options (null: Automatic), so a missing choice is named. */
  chosenBackend: BackendName.nullable(),
  /** Whether helper and extension are the same release, and which side to update if not. */
  fit: z.enum(HELPER_FITS),
  /** The browser's built-in model: a backend that needs no helper. */
  browserModel: BrowserModelStatus,
});
export type HostStatus = z.infer<typeof HostStatus>;

/**
 * The chosen backend if available; with none chosen ("Automatic"), the first available one in the
 * host's own order (its built-ins in the order of its registry, then the custom ones).
 */
export function chooseBackend(
  settings: Pick<Settings, 'backend'>,
  host: HostConnection,
  model: BrowserModelStatus = MODEL_NOT_CHECKED,
): string | null {
  const modelReady = model.availability === 'available';
  if (settings.backend === BROWSER_BACKEND) return modelReady ? BROWSER_BACKEND : null;
  // Automatic: the helper's CLI backends first (measured, usually stronger), then the built-in model.
  const fallback = !settings.backend && modelReady ? BROWSER_BACKEND : null;
  if (host.connection !== 'connected' || !canTalk(helperFit(host))) return fallback;
  const available = host.backends.filter((b) => b.available);
  if (settings.backend) return available.some((b) => b.name === settings.backend) ? settings.backend : null;
  return available[0]?.name ?? fallback;
}

/** Which backend and model one AI call runs on; chosen once, when the call is made. */
export interface AITarget {
  readonly backend: string;
  readonly model?: string;
}

export type TargetChoice = { ok: true; target: AITarget } | { ok: false; failure: Failure };

/** Why no AI call can run on `requested` (or on any backend, with none chosen), in the words a person reads. */
function noTarget(requested: string | null, host: HostConnection, model: BrowserModelStatus): Failure {
  if (requested === BROWSER_BACKEND) return browserModelUnusable(model);
  const who = requested ?? 'The AI';
  if (host.connection === 'missing') {
    return {
      kind: 'unavailable',
      message: `${who} cannot be asked: the helper is not installed`,
      hint: 'install it with the command the welcome page and Options → Helper show',
    };
  }
  if (host.connection !== 'connected') {
    const why = host.error ? ` (${host.error})` : '';
    return {
      kind: 'unavailable',
      message: `${who} cannot be asked: the helper is not connected${why}`,
      hint: 'Options → Helper → Diagnostics says why; Reconnect tries again',
    };
  }
  const fit = helperFit(host);
  if (!canTalk(fit)) {
    const update = fit === 'helper-too-old' ? 'the helper' : 'the extension';
    return {
      kind: 'unavailable',
      message: `${who} cannot be asked: the helper (${host.hostVersion}) and this extension (${host.extensionVersion ?? 'unknown'}) no longer fit`,
      hint: `update ${update}: Options → Helper shows how`,
    };
  }
  if (requested) {
    const info = host.backends.find((b) => b.name === requested);
    if (!info)
      return {
        kind: 'not_installed',
        message: `${requested} is not a backend the helper knows`,
        hint: 'choose another backend in Options',
      };
    return {
      kind: 'not_installed',
      message: `${requested} is not installed here (${info.problem ?? 'the helper cannot find it'})`,
      hint: info.hint ?? 'install it, or choose another backend in Options',
    };
  }
  const names = host.backends.map((b) => b.name).join(', ');
  return {
    kind: 'unavailable',
    message: 'No AI backend was found on this computer',
    hint: `install one of ${names}, then Reconnect in Options`,
  };
}

/**
 * The backend and model an AI call runs on: the one asked for (Options' Test), else the chosen or first
 * available backend; the model asked for, else the settings'. When none can run, what to tell the person.
 */
export function chooseTarget(
  settings: Pick<Settings, 'backend' | 'model'>,
  host: HostConnection,
  asked: { backend?: string; model?: string } = {},
  browserModel: BrowserModelStatus = MODEL_NOT_CHECKED,
): TargetChoice {
  const requested = asked.backend ?? settings.backend;
  const backend = asked.backend
    ? asked.backend === BROWSER_BACKEND
      ? chooseBackend({ backend: BROWSER_BACKEND }, host, browserModel)
      : host.connection === 'connected' && host.backends.some((b) => b.name === asked.backend && b.available)
        ? asked.backend
        : null
    : chooseBackend(settings, host, browserModel);
  if (backend === null) return { ok: false, failure: noTarget(requested, host, browserModel) };
  // The built-in model has no model names: the settings' model is a CLI backend's.
  if (backend === BROWSER_BACKEND) return { ok: true, target: { backend } };
  const model = asked.model || settings.model;
  return { ok: true, target: model ? { backend, model } : { backend } };
}

export function hostStatus(
  settings: Pick<Settings, 'backend'>,
  host: HostConnection,
  browserModel: BrowserModelStatus = MODEL_NOT_CHECKED,
): HostStatus {
  return {
    ...host,
    activeBackend: chooseBackend(settings, host, browserModel),
    chosenBackend: settings.backend,
    fit: helperFit(host),
    browserModel,
  };
}
