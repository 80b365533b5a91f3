// Who sent a runtime message or opened a port: the extension's own pages, its content scripts, or nobody it trusts.

export interface SenderFacts {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; url?: string };
}

export type SenderKind = 'page' | 'content';

/**
 * Our own pages (popup, options) are privileged; our content scripts may only act on drift.
 * Anything else — another extension, a page, a missing id — is refused.
 */
export function senderKind(sender: SenderFacts, extensionId: string, extensionOrigin: string): SenderKind | null {
  if (sender.id !== extensionId) return null;
  const url = sender.url ?? sender.origin ?? '';
  if (url.startsWith(extensionOrigin)) return 'page';
  if (sender.tab?.id !== undefined && /^(https?|file):/.test(url)) return 'content';
  return null;
}
