// The browsers the installer knows by name (`--browser`): one list for the helper's installer and doctor and the extension's commands.
export const BROWSER_IDS = ['chrome', 'chromium', 'edge', 'brave', 'vivaldi', 'firefox'] as const;
export type BrowserId = (typeof BROWSER_IDS)[number];
