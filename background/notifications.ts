// System notifications: how one is shown (buttons where the browser has them), and the drift ones with their two answers.
import { browser } from 'wxt/browser';
import type { ControllerEvent } from '../shared/core/controller';
import type { NotificationRouter } from './notification-router';

export const NOTIFICATION_PREFIX = 'antidrift-drift-';

/** Buttons where the browser has them, and what a click on the notification itself does where it has none. */
export type Answers = { buttons: [string, string]; clickHint: string };

export const DRIFT_ANSWERS: Answers = { buttons: ['Back to task', 'This is on task'], clickHint: 'Click to go back to your task.' };

export async function notify(id: string, title: string, message: string, answers?: Answers): Promise<void> {
  const options = {
    type: 'basic' as const,
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title,
    message,
    priority: 1,
    ...(answers ? { buttons: answers.buttons.map((b) => ({ title: b })) } : {}),
  };
  try {
    await browser.notifications.create(id, options);
  } catch {
    // Firefox has no notification buttons: say it without them rather than not at all.
    const { buttons: _unused, ...plain } = options as typeof options & { buttons?: unknown };
    await browser.notifications.create(id, answers ? { ...plain, message: `${message}\n${answers.clickHint}` } : plain);
  }
}

/** The popup, where the review has Partly and a note too; as a tab where the browser cannot open it from here. */
export async function openPopup(): Promise<void> {
  try {
    await browser.action.openPopup();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });
  }
}

export interface DriftAnswering {
  send(event: ControllerEvent): void;
  now(): number;
}

/**
 * The drift notifications' owner in the router: its buttons are Back to task / This is on task. Clicking the
 * notification itself is Back to task: in Firefox, which has no notification buttons, it is the only answer one can give.
 */
export function ownDriftNotifications(router: NotificationRouter, to: DriftAnswering): void {
  // A drift answer is given once: the notification goes with it.
  const answered = (id: string, event: ControllerEvent) => {
    to.send(event);
    void browser.notifications.clear(id);
  };
  router.own(NOTIFICATION_PREFIX, {
    clicked: (id) => answered(id, { type: 'backToTaskChosen', at: to.now() }),
    button: (id, index) => answered(id, { type: index === 0 ? 'backToTaskChosen' : 'onTaskChosen', at: to.now() }),
  });
}
