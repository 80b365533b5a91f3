// The paths of the extension's own pages, one place for the links between them and the tests that open them.
/**
 * History lives at /focus-history.html, not /history.html: WXT makes an entry named `history` the
 * browser's history override (chrome://history, Ctrl+H), which a focus tool must never take over.
 */
export const EXTENSION_PAGES = {
  popup: '/popup.html',
  options: '/options.html',
  history: '/focus-history.html',
  welcome: '/welcome.html',
  /** PRIVACY.md, bundled: the policy the welcome page, Options and the stores' listing point to. */
  privacy: '/privacy.html',
  /** Where a strict session sends a blocked site (a declarativeNetRequest redirect), `?site=` the entry that blocked it. */
  blocked: '/blocked.html',
  /** The drift banner and the heads-up inside web pages: a frame of the extension's origin, which no page can read or reach into. */
  inPage: '/in-page.html',
} as const;

export type ExtensionPage = keyof typeof EXTENSION_PAGES;
