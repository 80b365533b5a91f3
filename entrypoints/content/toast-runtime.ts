// The slice of browser.runtime the toast uses, and how it tells a dead extension context apart.

export interface ToastPort {
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
  disconnect(): void;
}

export interface ToastRuntime {
  readonly id?: string | undefined;
  readonly lastError?: unknown;
  connect(info: { name: string }): ToastPort;
  sendMessage(message: unknown): Promise<unknown>;
}

/** After an extension reload the page keeps running, but runtime.id is gone and every call throws. */
export function contextGone(getRuntime: () => ToastRuntime | undefined, error?: unknown): boolean {
  if (error instanceof Error && /context invalidated/i.test(error.message)) return true;
  try {
    return !getRuntime()?.id;
  } catch {
    return true;
  }
}
