// One listener for chrome.alarms: each alarm's name has one owner, who says what its alarm does.
export class AlarmRouter {
  readonly #owners = new Map<string, () => void>();

  /** `fire` runs each time the alarm `name` goes off; a second owner of one name is a wiring mistake. */
  own(name: string, fire: () => void): void {
    if (this.#owners.has(name)) throw new Error(`the alarm ${name} has an owner already`);
    this.#owners.set(name, fire);
  }

  /** chrome.alarms.onAlarm's listener (and the end-to-end clock's, for the alarms a test made due). */
  readonly route = (alarm: { name: string }): void => this.#owners.get(alarm.name)?.();
}
