// The native host as the channel reports it: connection, versions, watcher and backends (the record, no decisions).
import * as z from 'zod';
import { BackendInfo, ProtocolNumber, ReleaseVersion, WatcherInfo } from '../protocol/frames';
import { CONNECTIONS, HELPER_BLOCKS } from './vocabulary';
import { onFirstUse } from '../util/on-first-use';

/** What the native channel knows about the host; it reports every change as a controller event. */
export const HostConnection = onFirstUse(() =>
  z.object({
    connection: z.enum(CONNECTIONS),
    hostVersion: z.string().optional(),
    platform: z.string().optional(),
    watcher: WatcherInfo.optional(),
    backends: z.array(BackendInfo),
    /** Why the host is not connected, in words (the browser's own error where there is one). */
    error: z.string().optional(),
    /** With `missing`: the helper was not looked for, because this browser may not (yet) or cannot run it. */
    blocked: z.enum(HELPER_BLOCKS).optional(),
    /** The helper's protocol and the oldest extension protocol it serves (absent: a helper of protocol 1). */
    protocol: ProtocolNumber.optional(),
    oldestProtocol: ProtocolNumber.optional(),
    /** This extension's release, as it told the helper. */
    extensionVersion: ReleaseVersion.optional(),
  }),
);
export type HostConnection = z.infer<typeof HostConnection>;

/** The host before the channel has said anything. */
export const NO_HOST: HostConnection = { connection: 'connecting', backends: [] };
