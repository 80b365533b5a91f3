// A throwaway Chromium profile with the built host registered and the *.test page server, and a session started in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  EXTENSION_ORIGIN,
  installHost,
  launchExtensionBrowser,
  startPageServer,
  type ExtensionBrowser,
  type PageServer,
} from '../../harness/chromium';

export interface BenchProfile {
  home: string;
  server: PageServer;
  /** Chromium on this profile with the extension loaded, headless; `env` defaults to this process's with HOME set. */
  launch(env?: NodeJS.ProcessEnv): Promise<ExtensionBrowser>;
  dispose(): Promise<void>;
}

/** `extensionDir`: another build of the extension (the cold section's baseline); default, this checkout's. */
export async function benchProfile(name: string, extensionDir?: string): Promise<BenchProfile> {
  const root = mkdtempSync(join(tmpdir(), `antidrift-bench-${name}-`));
  const userDataDir = join(root, 'profile');
  const home = join(root, 'home');
  const server = await startPageServer();
  try {
    installHost(userDataDir, home);
  } catch (error) {
    await server.close();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    home,
    server,
    launch: (env = { ...process.env, HOME: home }) =>
      launchExtensionBrowser({
        userDataDir,
        home,
        env,
        hostResolverRules: server.resolverRules,
        headless: true,
        ...(extensionDir ? { extensionDir } : {}),
      }),
    dispose: async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Starts a session from `page`, an extension page (it opens `path` first), as the popup's Start button does. */
export async function startBenchSession(
  page: Page,
  path: 'popup.html' | 'focus-history.html',
  input: { nextAction: string; successCondition: string; allowed: string[]; blocked: string[] },
): Promise<void> {
  await page.goto(`${EXTENSION_ORIGIN}/${path}`);
  const { nextAction, successCondition, allowed, blocked } = input;
  const reply = await page.evaluate((i) => chrome.runtime.sendMessage({ type: 'startSession', input: i }), {
    commitment: { nextAction, successCondition },
    allowed,
    blocked,
  });
  if (!(reply as { ok?: boolean }).ok) throw new Error(`startSession failed: ${JSON.stringify(reply)}`);
}
