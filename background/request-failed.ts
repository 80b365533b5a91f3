// A request that failed in words the person should read: what a handler throws, and what the reply carries.
import type { Failure } from '../shared/core/failure';

export class RequestFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export const badRequest = (message: string): Failure => ({ kind: 'bad_request', message });

/** Refuses the request with `message`, in the reply and as it is. */
export function refuseRequest(message: string): never {
  throw new RequestFailed(badRequest(message));
}
