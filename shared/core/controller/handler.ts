// The shape of an event handler, and the few helpers every handler file shares.
import type { ControllerEffect, ControllerEvent, ControllerEventType } from './events';
import type { Refusal, Step } from './evaluate';
import type { ControllerState } from './state';

export type EventOf<T extends ControllerEventType> = Extract<ControllerEvent, { type: T }>;

/** Handles one event type in the phases whose state type it accepts. */
export type Handler<S extends ControllerState, T extends ControllerEventType> = (s: S, e: EventOf<T>) => Step;

/** The events a phase reacts to; an event missing from its phase's table leaves the state as it is. */
export type HandlerTable<S extends ControllerState> = { readonly [T in ControllerEventType]?: Handler<S, T> };

export const unchanged = (state: ControllerState, ...effects: ControllerEffect[]): Step => ({ state, effects });

export const log = (level: 'info' | 'warn', message: string): ControllerEffect => ({ type: 'log', level, message });

/** The event changes nothing, said in diagnostics and handed back as a value: the caller that sent it reads why. */
export const refuse = (state: ControllerState, refused: Refusal): Step => ({
  state,
  effects: [log('warn', `${refused.what}: ${refused.why}`)],
  refused,
});
