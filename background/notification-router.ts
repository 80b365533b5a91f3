// One listener for chrome.notifications' clicks: each notification id prefix has one owner, who says what a click on its notifications does.

/** What a click on one owner's notification does; `id` is the whole notification id, prefix included. */
export interface NotificationOwner {
  /** The notification itself was clicked (Firefox has no buttons: there it is the only answer one can give). */
  clicked(id: string): void;
  /** One of its buttons, 0 or 1; left out by an owner whose notifications have no buttons. */
  button?(id: string, index: number): void;
}

export class NotificationRouter {
  readonly #owners = new Map<string, NotificationOwner>();

  /**
   * `owner` answers every click on a notification whose id starts with `prefix`. A second owner of one prefix, or
   * a prefix that starts another's (or is started by it), is a wiring mistake: a click would have two owners.
   */
  own(prefix: string, owner: NotificationOwner): void {
    if (this.#owners.has(prefix)) throw new Error(`the notification prefix ${prefix} has an owner already`);
    for (const taken of this.#owners.keys())
      if (taken.startsWith(prefix) || prefix.startsWith(taken))
        throw new Error(`the notification prefix ${prefix} overlaps ${taken}, which has an owner already`);
    this.#owners.set(prefix, owner);
  }

  /** chrome.notifications.onClicked's listener; a notification nobody owns (another part's, or none) is left alone. */
  readonly routeClick = (id: string): void => this.#ownerOf(id)?.clicked(id);

  /** chrome.notifications.onButtonClicked's listener. */
  readonly routeButton = (id: string, index: number): void => this.#ownerOf(id)?.button?.(id, index);

  // No two prefixes overlap (own refuses it), so the first that matches is the only one.
  #ownerOf(id: string): NotificationOwner | undefined {
    for (const [prefix, owner] of this.#owners) if (id.startsWith(prefix)) return owner;
    return undefined;
  }
}
