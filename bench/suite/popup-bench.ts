// Section 2, popup: how fast the toolbar popup shows the session, read from the popup's own User Timing mark.
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { EXTENSION_ORIGIN } from '../../harness/chromium';
import { FIRST_STATE_MARK } from '../../ui/first-state-mark';
import { sleep, summarize, type Summary } from './stats';

/** One way of opening the popup: from navigation start, and from "HTML parsed" (domInteractive). */
export interface OpenTimes {
  totalMs: Summary;
  ownMs: Summary;
}

export interface PopupResult {
  /** The real toolbar popup (`chrome.action.openPopup()`), as a person opens it. */
  toolbar: OpenTimes;
  /** popup.html opened in a new tab: also pays for the tab activation the worker observes. */
  inTab: OpenTimes;
}

interface Sample {
  total: number;
  own: number;
}

/** Page-side: waits for the first-state mark and returns its time and domInteractive (ms from navigation start). */
const READ_MARK = `new Promise((resolve, reject) => {
  const deadline = performance.now() + 10000;
  const poll = () => {
    const mark = performance.getEntriesByName(${JSON.stringify(FIRST_STATE_MARK)})[0];
    if (mark) {
      const nav = performance.getEntriesByType('navigation')[0];
      resolve({ total: mark.startTime, own: mark.startTime - nav.domInteractive });
    } else if (performance.now() > deadline) reject(new Error('the popup never showed state'));
    else setTimeout(poll, 5);
  };
  poll();
})`;

/**
 * Talks to the popup through the old non-flattened Target API: Playwright does not attach to
 * extension popups, and a page's CDP session can still reach other targets this way.
 */
class TargetBridge {
  private seq = 0;
  private readonly pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();

  constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
      if (message.id === undefined) return;
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    });
  }

  async popupTarget(timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { targetInfos } = (await this.cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; url: string }[] };
      const popup = targetInfos.find((t) => t.url === `${EXTENSION_ORIGIN}/popup.html`);
      if (popup) return popup.targetId;
      if (Date.now() > deadline) throw new Error('the toolbar popup did not open');
      await sleep(10);
    }
  }

  async evaluate<T>(targetId: string, expression: string): Promise<T> {
    const { sessionId } = (await this.cdp.send('Target.attachToTarget', { targetId, flatten: false })) as { sessionId: string };
    const id = ++this.seq;
    const reply = new Promise<{ result?: unknown; error?: unknown }>((resolve) => this.pending.set(id, resolve));
    const params = { expression, awaitPromise: true, returnByValue: true };
    await this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.evaluate', params }) });
    const message = await reply;
    const result = message.result as { result?: { value?: T }; exceptionDetails?: { text?: string } } | undefined;
    if (!result?.result || result.exceptionDetails)
      throw new Error(`popup evaluate failed: ${JSON.stringify(message.error ?? result?.exceptionDetails)}`);
    return result.result.value as T;
  }

  async close(targetId: string): Promise<void> {
    await this.cdp.send('Target.closeTarget', { targetId });
  }
}

async function toolbarOpens(context: BrowserContext, sw: Worker, host: Page, n: number): Promise<Sample[]> {
  const bridge = new TargetBridge(await context.newCDPSession(host));
  const samples: Sample[] = [];
  for (let i = 0; i < n; i++) {
    await sw.evaluate(() => chrome.action.openPopup());
    const target = await bridge.popupTarget(5_000);
    samples.push(await bridge.evaluate<Sample>(target, READ_MARK));
    await bridge.close(target);
    // Let the worker see the popup's port close before the next open, as between two real clicks.
    await sleep(150);
  }
  return samples;
}

async function tabOpens(context: BrowserContext, n: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < n; i++) {
    const page = await context.newPage();
    await page.goto(`${EXTENSION_ORIGIN}/popup.html`);
    samples.push((await page.evaluate(READ_MARK)) as Sample);
    await page.close();
  }
  return samples;
}

function times(samples: Sample[]): OpenTimes {
  return { totalMs: summarize(samples.map((s) => s.total)), ownMs: summarize(samples.map((s) => s.own)) };
}

/**
 * Opens the popup `n` times each way with the worker warm and a session running. `host` is any
 * open page of the context: its CDP session is the door to the popup target.
 */
export async function benchPopup(context: BrowserContext, sw: Worker, host: Page, n: number): Promise<PopupResult> {
  return { toolbar: times(await toolbarOpens(context, sw, host, n)), inTab: times(await tabOpens(context, n)) };
}
