// The state port's name for the content script, copied so the toast bundle does not pull in zod.
/** Must equal STATE_PORT in shared/messages.ts (tests/ui/toast-port-name.test.tsx checks it). */
export const STATE_PORT_NAME = 'antidrift-state';
