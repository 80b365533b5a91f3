// The open pages' and content scripts' state ports: who may listen, and what each is sent when the view changes.
import { toastView, type ViewChanges } from '../shared/core/controller';
import type { StatePush, ToastPush } from '../shared/messages/pushes';
import { STATE_PORT } from '../shared/messages/state-port';
import { senderKind, type SenderFacts, type SenderKind } from './sender';

/** A runtime port as the broadcaster uses it. */
export interface StatePort {
  name: string;
  sender?: SenderFacts;
  postMessage(message: unknown): void;
  onDisconnect: { addListener(listener: () => void): void };
}

function toastPush(push: StatePush): ToastPush {
  return { type: 'toast', view: toastView(push.view) };
}

const isPopup = (port: StatePort): boolean => port.sender?.url?.includes('/popup.html') ?? false;

export class StatePorts {
  readonly #ports = new Map<StatePort, SenderKind>();

  constructor(
    private readonly extensionId: string,
    private readonly extensionOrigin: string,
    /** The last open popup closed (a strict session's wait ends with it). */
    private readonly onPopupClosed: () => void = () => {},
  ) {}

  /** A port our own page or content script opened gets the current state at once; any other is ignored. */
  accept(port: StatePort, current: StatePush | null): void {
    const kind = port.name === STATE_PORT && port.sender ? senderKind(port.sender, this.extensionId, this.extensionOrigin) : null;
    if (!kind) return;
    this.#ports.set(port, kind);
    port.onDisconnect.addListener(() => {
      this.#ports.delete(port);
      if (isPopup(port) && !this.popupOpen()) this.onPopupClosed();
    });
    if (current) port.postMessage(kind === 'page' ? current : toastPush(current));
  }

  /** Whether the popup is open now (it then asks the end-of-session review itself). */
  popupOpen(): boolean {
    return [...this.#ports.keys()].some(isPopup);
  }

  /** Sends a changed view to every page; content scripts only when the shell found their slice changed. */
  publish(push: StatePush, changes: Pick<ViewChanges, 'toast'>): void {
    const toast: ToastPush | null = changes.toast && { type: 'toast', view: changes.toast };
    for (const [port, kind] of this.#ports) {
      if (kind === 'content' && !toast) continue;
      try {
        port.postMessage(kind === 'page' ? push : toast);
      } catch {
        this.#ports.delete(port);
      }
    }
  }
}
