// Which browser this is, and the exact commands that install and check the helper for it.
import type { BrowserId } from '../shared/protocol/browser-ids';

/** The installer's browser names this page can tell apart (Vivaldi says it is Chromium). */
export type BrowserKind = Exclude<BrowserId, 'vivaldi'>;

export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { brands?: readonly { brand: string }[] } | undefined;
  brave?: unknown;
}

/** What the commands depend on: this browser, this extension's ID (per install) and its release. */
export interface ExtensionEnvironment {
  browser: BrowserKind;
  extensionId: string;
  version: string;
  /** Linux is where browsers come from Snap and Flatpak, whose sandboxes need a word of their own. */
  linux: boolean;
}

export function detectBrowser(nav: NavigatorLike): BrowserKind {
  const brands = (nav.userAgentData?.brands ?? []).map((b) => b.brand);
  if (/firefox\//i.test(nav.userAgent)) return 'firefox';
  if (nav.brave !== undefined || brands.includes('Brave')) return 'brave';
  if (brands.includes('Microsoft Edge') || /\bEdg\//.test(nav.userAgent)) return 'edge';
  if (brands.includes('Google Chrome')) return 'chrome';
  return 'chromium';
}

export function detectLinux(nav: NavigatorLike): boolean {
  return /\bLinux\b/.test(nav.userAgent) && !/\bAndroid\b/.test(nav.userAgent);
}

/** The helper of exactly this release, from npm; `--yes` so npx does not stop to ask. */
function helperCli(env: ExtensionEnvironment): string {
  return `npx --yes antidrift-host@${env.version}`;
}

/** Chromium-family hosts are allowed per extension ID (a store and a folder give different ones); Firefox's is fixed by the manifest. */
function idFlag(env: ExtensionEnvironment): string {
  return env.browser === 'firefox' ? '' : ` --extension-id ${env.extensionId}`;
}

export function installCommand(env: ExtensionEnvironment): string {
  return `${helperCli(env)} install --browser ${env.browser}${idFlag(env)}`;
}

export function doctorCommand(env: ExtensionEnvironment): string {
  return `${helperCli(env)} doctor${idFlag(env)}`;
}
