// Zod-free checks of the hello request and reply, so a spawned helper answers hello before the frames' schemas load.
import type { HelloReply, HelloRequest } from '../../shared/protocol/frames.js';
import { BACKEND_NAME_PATTERN, RELEASE_VERSION_PATTERN, WATCHER_STATES } from '../../shared/protocol/protocol-limits.js';
import { isRecord } from '../../shared/util/is-record.js';

/*
 * Each check accepts only what the zod schema in frames.ts accepts (tests/host/hello-check.test.ts holds
 * them side by side). Not the other way round: what a check turns down goes to the schema itself, which
 * accepts it or says what is wrong with it, so a check may be stricter but never looser.
 */

const HELLO_REQUEST_KEYS = new Set(['id', 'type', 'protocol', 'version']);

const isRequestId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isProtocol = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 1_000;
const isString = (v: unknown, max = Infinity): v is string => typeof v === 'string' && v.length <= max;
const absentOr = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || check(v);

/** The request when `value` is a plain valid hello (HelloRequest), else undefined. */
export function plainHelloRequest(value: Record<string, unknown>): HelloRequest | undefined {
  if (value.type !== 'hello' || !isRequestId(value.id) || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  for (const key of Object.keys(value)) if (!HELLO_REQUEST_KEYS.has(key)) return undefined;
  if (!absentOr(value.protocol, isProtocol)) return undefined;
  if (!absentOr(value.version, (v) => isString(v, 64) && RELEASE_VERSION_PATTERN.test(v))) return undefined;
  return value as HelloRequest;
}

function isBackendInfo(b: unknown): boolean {
  return (
    isRecord(b) &&
    isString(b.name, 64) &&
    b.name.length >= 1 &&
    BACKEND_NAME_PATTERN.test(b.name) &&
    typeof b.available === 'boolean' &&
    absentOr(b.path, isString) &&
    absentOr(b.version, isString) &&
    absentOr(b.custom, (v) => typeof v === 'boolean') &&
    absentOr(b.problem, isString) &&
    absentOr(b.hint, (v) => isString(v, 500))
  );
}

function isWatcherInfo(w: unknown): boolean {
  return (
    isRecord(w) &&
    (WATCHER_STATES as readonly unknown[]).includes(w.state) &&
    isString(w.kind) &&
    absentOr(w.message, isString) &&
    absentOr(w.why, (v) => isString(v, 1_000)) &&
    absentOr(
      w.skipped,
      (v) => Array.isArray(v) && v.length <= 16 && v.every((s) => isRecord(s) && isString(s.kind) && isString(s.why, 1_000)),
    )
  );
}

/** Whether `reply` is a valid HelloReply. */
export function isValidHelloReply(reply: HelloReply): boolean {
  const r = reply as unknown as Record<string, unknown>;
  return (
    r.type === 'hello' &&
    isRequestId(r.id) &&
    isString(r.hostVersion) &&
    isString(r.platform) &&
    isWatcherInfo(r.watcher) &&
    Array.isArray(r.backends) &&
    r.backends.every(isBackendInfo) &&
    absentOr(r.protocol, isProtocol) &&
    absentOr(r.oldestProtocol, isProtocol)
  );
}
