// Whether the helper and this extension fit: the same release, one older than the other, or too far apart to talk.
import { OLDEST_PROTOCOL, PROTOCOL_VERSION } from '../protocol/protocol-limits';
import { compareVersions } from '../util/compare-versions';

export const HELPER_FITS = ['same', 'unknown', 'helper-older', 'helper-newer', 'helper-too-old', 'extension-too-old'] as const;
export type HelperFit = (typeof HELPER_FITS)[number];

/** What the fit is read from: the hello's versions, the protocol numbers, and the release this extension is. */
export interface HelloFacts {
  connection: string;
  hostVersion?: string | undefined;
  protocol?: number | undefined;
  oldestProtocol?: number | undefined;
  extensionVersion?: string | undefined;
}

/**
 * A helper that said no protocol is protocol 1. Too far apart (a protocol the other side no longer
 * serves) means no AI and no desktop windows until one side is updated; older or newer only means an
 * update is due (a feature the older side lacks degrades, the rest works).
 */
export function helperFit(facts: HelloFacts): HelperFit {
  if (facts.connection !== 'connected' || !facts.hostVersion) return 'unknown';
  if ((facts.oldestProtocol ?? 1) > PROTOCOL_VERSION) return 'extension-too-old';
  if ((facts.protocol ?? 1) < OLDEST_PROTOCOL) return 'helper-too-old';
  if (!facts.extensionVersion) return 'unknown';
  const order = compareVersions(facts.hostVersion, facts.extensionVersion);
  return order === 0 ? 'same' : order < 0 ? 'helper-older' : 'helper-newer';
}

/** Whether the two can work together at all. */
export function canTalk(fit: HelperFit): boolean {
  return fit !== 'helper-too-old' && fit !== 'extension-too-old';
}
