// The session controller's public surface: a functional core for the background shell.
export * from './controller-records';
export * from './state';
export { eventTime, type ControllerEvent, type ControllerEffect, type ControllerEventType, type SessionStartInput } from './events';
export { transition } from './transition';
export { nextDeadline } from './deadlines';
export { onBreak, rhythmAt, phaseEndsAt } from './session-rhythm';
export { pushTitle, type Refusal, type Step } from './evaluate';
export * from './surface-view';
export * from './toast-slice';
export { viewChanges, type ViewChanges } from './view-changes';
export { blockingOf, countsAfter, waitRefusal } from './strict';
