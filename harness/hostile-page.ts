// A page that works against antidrift's in-page surfaces, as a site that wants to keep its visitors could: it reads what it
// can, clicks, types Escape and Enter, moves focus, posts messages, removes the banner, and frames the extension's pages.
// Served at `/hostile` on any test host (page-server.ts); what it managed is in `window.hostileReport` for the test.

/** The page's own script: every 150 ms it tries each way in, and writes down what it saw. */
const HOSTILE_SCRIPT = `
const report = (window.hostileReport = { seenHost: false, shadowRoots: [], texts: [], frameReads: [], removals: 0, clicks: 0, messageOrigins: [], portMessages: 0 });
// Whatever reaches the page's window, and from where: a frame's message would tell the page the extension's origin.
window.addEventListener('message', (e) => e.origin !== location.origin && report.messageOrigins.push(e.origin));
const framed = new URLSearchParams(location.search).get('framed');
if (framed) for (const src of framed.split(' ')) {
  const f = document.createElement('iframe');
  f.src = src;
  f.dataset.framed = src;
  f.width = '500';
  f.height = '300';
  document.body.append(f);
}
setInterval(() => {
  const host = document.querySelector('antidrift-toast');
  report.texts.push(document.documentElement.innerText + ' ' + document.documentElement.outerHTML);
  for (let i = 0; i < window.frames.length; i++) {
    const w = window.frames[i];
    try { report.frameReads.push(String(w.document.body.innerText)); } catch (e) { report.frameReads.push('denied: ' + e.name); }
    // A message shaped as the frame's own, and one asking for an answer: the frame acts on neither.
    w.postMessage({ type: 'driftOnTask' }, '*');
    // A guessed secret with a port of the page's own: were it taken, the frame's heights would come to the page.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => report.portMessages++;
    w.postMessage({ antidriftChannel: 'guessed' }, '*', [channel.port2]);
    w.postMessage({ antidriftFrameHeight: 4000, height: 4000 }, '*');
  }
  window.postMessage({ antidriftFrameHeight: 3000, height: 3000 }, '*');
  if (!host) return;
  report.seenHost = true;
  report.shadowRoots.push(host.shadowRoot === null ? 'none' : 'open');
  host.click();
  report.clicks++;
  for (const key of ['Escape', 'Enter', ' ']) {
    host.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  }
  host.focus();
  host.dispatchEvent(new FocusEvent('focus'));
  if (location.hash === '#remove') {
    host.remove();
    report.removals++;
  }
}, 150);
`;

/** What the page's script wrote down (`window.hostileReport`). */
export interface HostileReport {
  seenHost: boolean;
  shadowRoots: string[];
  texts: string[];
  frameReads: string[];
  removals: number;
  clicks: number;
  /** Origins other than the page's own that posted to its window. */
  messageOrigins: string[];
  portMessages: number;
}

/** What the page got that it should not have, in words (none: nothing); `words` are what the banner and the block page show. */
export function whatThePageGot(seen: HostileReport, words: string[]): string[] {
  const got: string[] = [];
  if (!seen.seenHost) got.push('the page never found the banner: nothing was tried on it');
  if (seen.shadowRoots.some((root) => root !== 'none')) got.push('a shadow root it could open');
  for (const word of words) if (seen.texts.some((text) => text.includes(word))) got.push(`"${word}" in its own document`);
  // A frame not yet loaded is an empty page of the site's own origin: nothing in it.
  const read = seen.frameReads
    .filter((r) => !r.startsWith('denied'))
    .join('')
    .trim();
  if (read) got.push(`a frame's text: ${read.slice(0, 120)}`);
  if (!seen.frameReads.some((r) => r.startsWith('denied'))) got.push('no frame refused it: nothing of ours was framed');
  if (seen.messageOrigins.length > 0) got.push(`messages from ${[...new Set(seen.messageOrigins)].join(', ')}`);
  if (seen.portMessages > 0) got.push(`${seen.portMessages} messages over a channel it guessed`);
  return got;
}

/** The whole page, its title given. */
export function hostilePage(title: string): string {
  const safe = title.replace(/[<&"]/g, '');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${safe}</title></head>` +
    `<body><h1>${safe}</h1><p>A page that tries to read and answer antidrift's banner.</p>` +
    `<script>${HOSTILE_SCRIPT}</script></body></html>`
  );
}
