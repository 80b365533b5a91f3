// The session controller's public surface: a functional core for the background shell.
export * from './model';
export type { ControllerEvent, ControllerEffect, SessionStartInput } from './events';
export { transition } from './transition';
export { nextDeadline } from './deadlines';
export { pushTitle, type Step } from './evaluate';
export { StateView, toView } from './view';
