// The built manifests (development, end-to-end and release builds, Chromium and Firefox): no web page can reach the extension.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BUILDS = ['', 'e2e/', 'release/'].flatMap((dir) => ['chrome-mv3', 'firefox-mv3'].map((browser) => `.output/${dir}${browser}`));

describe('who can reach the extension', () => {
  it.each(BUILDS)(
    '%s: no externally_connectable, only the block page and the in-page frame web-accessible, content script has no extra powers',
    (build) => {
      const path = join(process.cwd(), build, 'manifest.json');
      expect(existsSync(path), `${path} missing: run the build first (npm test does)`).toBe(true);
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      expect(manifest).not.toHaveProperty('externally_connectable');
      // A strict session's redirect may land only on a web-accessible page, and the in-page surfaces are a frame: those two
      // pages, nothing else (no script, no asset); Chrome's at a per-session address no page can guess.
      expect(manifest.web_accessible_resources).toEqual([
        {
          resources: ['blocked.html', 'in-page.html'],
          matches: ['<all_urls>'],
          ...(build.includes('firefox') ? {} : { use_dynamic_url: true }),
        },
      ]);
      const permissions = (manifest.permissions as string[]) ?? [];
      expect(permissions).not.toContain('<all_urls>');
      expect(permissions).not.toContain('scripting');
      expect(permissions).not.toContain('webRequest');
      expect(permissions).not.toContain('webRequestBlocking');
      expect(permissions).not.toContain('cookies');
      // Redirect rules need host access to the address they redirect; the WithHostAccess variant adds no install warning of its own.
      expect(permissions).toContain('declarativeNetRequestWithHostAccess');
      expect(permissions).not.toContain('declarativeNetRequest');
      // Host access is there only for the block page's redirect (the content script already runs on every site).
      expect(manifest.host_permissions).toEqual(['<all_urls>']);
      const csp = JSON.stringify(manifest.content_security_policy ?? '');
      expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/);
    },
  );

  it('the manifest key pins the Chromium extension id in the builds the tests load; the release build has none (the stores refuse it)', () => {
    const key = (build: string) => (JSON.parse(readFileSync(join(process.cwd(), build, 'manifest.json'), 'utf8')) as { key?: string }).key;
    expect(key('.output/chrome-mv3'), 'the manifest key pins the Chromium extension id').toMatch(/^MII/);
    expect(key('.output/e2e/chrome-mv3')).toBe(key('.output/chrome-mv3'));
    expect(key('.output/release/chrome-mv3')).toBeUndefined();
  });
});
