// The active tabs, asked for at the worker's first line: a tab switch that woke the worker finds its tab already looked up.
import { browser, type Browser } from 'wxt/browser';

type Tab = Browser.tabs.Tab;

let atWake: Promise<Tab[]> | undefined;

/**
 * Called once at wake, beside the stored state's read: both round trips overlap the evaluation of the rest.
 * Every window's active tab: the switch may have been in any window, not only the last focused one.
 */
export function lookAtActiveTabEarly(): void {
  atWake = browser.tabs.query({ active: true }).catch(() => []);
}

/**
 * The tab `tabId`, from the wake's query when that found it (the switch that woke the worker had made it
 * active already), else asked now. The wake's answer is used once: any later event asks afresh.
 */
export async function tabById(tabId: number): Promise<Tab> {
  const early = atWake;
  atWake = undefined;
  const tab = early ? (await early).find((t) => t.id === tabId) : undefined;
  return tab ?? browser.tabs.get(tabId);
}
