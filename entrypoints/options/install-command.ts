// Which browser this is, and the exact host install / doctor commands for it.
export type BrowserKind = 'chrome' | 'chromium' | 'edge' | 'brave' | 'firefox';

export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { brands?: readonly { brand: string }[] } | undefined;
  brave?: unknown;
}

export function detectBrowser(nav: NavigatorLike): BrowserKind {
  const brands = (nav.userAgentData?.brands ?? []).map((b) => b.brand);
  if (/firefox\//i.test(nav.userAgent)) return 'firefox';
  if (nav.brave !== undefined || brands.includes('Brave')) return 'brave';
  if (brands.includes('Microsoft Edge') || /\bEdg\//.test(nav.userAgent)) return 'edge';
  if (brands.includes('Google Chrome')) return 'chrome';
  return 'chromium';
}

const HOST_CLI = 'node native-host/dist/antidrift-host.mjs';

/** Chromium-family hosts are allowed per extension ID; Firefox's is fixed by the gecko ID in the manifest. */
export function installCommand(browser: BrowserKind, extensionId: string): string {
  const id = browser === 'firefox' ? '' : ` --extension-id ${extensionId}`;
  return `${HOST_CLI} install --browser ${browser}${id}`;
}

export function doctorCommand(browser: BrowserKind, extensionId: string): string {
  return browser === 'firefox' ? `${HOST_CLI} doctor` : `${HOST_CLI} doctor --extension-id ${extensionId}`;
}
