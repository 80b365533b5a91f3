// The native host as the controller and the surfaces see it: connection, backends, and which one the AI uses.
import * as z from 'zod';
import { BackendName } from '../protocol/frames';
import { HostConnection } from './host-connection';
import { consentOf, destinationOf } from './ai-consent';
import { AI_PORTS, chooseTarget, portStatus, REPORTING_PORT_IDS, type PortStatuses, type ReportingPortId } from './ai-targets';
import { Failure } from './failure';
import { HELPER_FITS, helperFit } from './helper-fit';
import type { SessionSettings } from './session-settings';
import { PortStatus } from './port-status';
import { onFirstUse } from '../util/on-first-use';

/** A port that reports its own status, as the surfaces show it: its name, its status, and that status in one line of words. */
export const PortView = onFirstUse(() => z.object({ name: z.string(), status: PortStatus, line: z.string() }));
export type PortView = z.infer<typeof PortView>;

export function portView(id: ReportingPortId, status: PortStatus): PortView {
  const { name, line } = AI_PORTS[id];
  return { name, status, line: line(status) };
}

/** The host status the surfaces show: the connection plus the backend the AI roles use now. */
export const HostStatus = onFirstUse(() =>
  HostConnection.extend({
    /** The chosen backend if available, else the first available one, or null. */
    activeBackend: BackendName.nullable(),
    /** The backend the person chose in Options (null: Automatic), so a missing choice is named. */
    chosenBackend: BackendName.nullable(),
    /** Whether helper and extension are the same release, and which side to update if not. */
    fit: z.enum(HELPER_FITS),
    /** Every port that reports its own status (the built-in model: a backend that needs no helper), by id; the helper's is the connection above. */
    ports: z.record(z.enum(REPORTING_PORT_IDS), PortView),
    /** Why no AI call can run now, in words (null when one can): the same choice every call makes. */
    aiOff: Failure.nullable(),
    /** The backend that would run once the person says yes to where it sends (null: none waits), for the surfaces' Allow / Not now. */
    consent: z
      .object({
        backend: BackendName,
        /** Who receives it, in words ("Anthropic"). */
        to: z.string(),
        /** Whether every call carries the pages' addresses too (the person turned off "Never send URLs"); `sentWords` says it all. */
        addresses: z.boolean(),
        answer: z.enum(['unasked', 'notNow']),
      })
      .nullable(),
  }),
);
export type HostStatus = z.infer<typeof HostStatus>;

export function hostStatus(
  settings: Pick<SessionSettings, 'backend' | 'model' | 'aiConsent' | 'neverSendUrls'>,
  host: HostConnection,
  ports: PortStatuses,
): HostStatus {
  const choice = chooseTarget(settings, { host, ports });
  const waiting = choice.ok ? undefined : choice.waitingFor;
  const answer = waiting === undefined ? undefined : consentOf(settings.aiConsent, waiting, settings.model);
  return {
    ...host,
    activeBackend: choice.ok ? choice.target.backend : null,
    aiOff: choice.ok ? null : choice.failure,
    consent:
      waiting === undefined || (answer !== 'unasked' && answer !== 'notNow')
        ? null
        : {
            backend: waiting,
            to: destinationOf(waiting, settings.model).to,
            addresses: !settings.neverSendUrls,
            answer,
          },
    chosenBackend: settings.backend,
    fit: helperFit(host),
    ports: Object.fromEntries(REPORTING_PORT_IDS.map((id) => [id, portView(id, portStatus(ports, id))])) as HostStatus['ports'],
  };
}
