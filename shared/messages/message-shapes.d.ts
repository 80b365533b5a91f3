// Types of the build-time module modules/message-shapes.ts provides: one compact shape per checked message.
declare module 'virtual:antidrift/message-shapes' {
  /** The shape of a StatePush; cast to `Shape` (shared/messages/shape.ts) where it is checked. */
  export const statePush: unknown;
  /** The shape of a ToastPush. */
  export const toastPush: unknown;
}
