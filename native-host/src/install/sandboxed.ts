// Snap and Flatpak browsers (Linux): where each reads our registration, the proxy a Flatpak sandbox starts, and whether it may.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NATIVE_HOST_NAME } from '../../../shared/protocol/extension-id.js';
import { home, xdgDataHome } from '../paths.js';
import { FLATPAK_SPAWN_PERMISSION, SANDBOXED_BROWSERS, type SandboxedBrowserSpec } from '../../../shared/protocol/sandboxed-browsers.js';
import type { BrowserId } from '../../../shared/protocol/browser-ids.js';
import type { ManifestTarget } from './browsers.js';
import { shQuote, WRAPPER_MARKER } from './wrapper.js';

export interface SandboxedTarget extends ManifestTarget {
  browser: BrowserId;
  spec: SandboxedBrowserSpec;
  /** Flatpak: the program the manifest names, inside the sandbox; it asks Flatpak to start our launcher outside. */
  proxyPath?: string;
}

const MANIFEST_FILE = `${NATIVE_HOST_NAME}.json`;

/** Inside a Flatpak app's own home (`~/.var/app/<id>/`), where the browser reads its config. */
const FLATPAK_MANIFEST_DIRS: Record<string, string> = {
  'org.mozilla.firefox': '.mozilla/native-messaging-hosts',
  'org.chromium.Chromium': 'config/chromium/NativeMessagingHosts',
  'com.google.Chrome': 'config/google-chrome/NativeMessagingHosts',
  'com.brave.Browser': 'config/BraveSoftware/Brave-Browser/NativeMessagingHosts',
  'com.microsoft.Edge': 'config/microsoft-edge/NativeMessagingHosts',
};

/** Firefox outside a sandbox, and the portal a Snap Firefox asks, read this one. */
function hostFirefoxManifest(): string {
  return join(home(), '.mozilla', 'native-messaging-hosts', MANIFEST_FILE);
}

function targetsOf(spec: SandboxedBrowserSpec): SandboxedTarget[] {
  const family = spec.browser === 'firefox' ? 'firefox' : 'chromium';
  const base = { browser: spec.browser, family, spec } as const;
  if (spec.packaging === 'snap') {
    const detectDir = join(home(), 'snap', spec.appId);
    const manifestPath =
      spec.browser === 'firefox' ? hostFirefoxManifest() : join(detectDir, 'common', 'chromium', 'NativeMessagingHosts', MANIFEST_FILE);
    return [{ ...base, detectDir, manifestPath }];
  }
  const appHome = join(home(), '.var', 'app', spec.appId);
  const inside: SandboxedTarget = {
    ...base,
    detectDir: appHome,
    manifestPath: join(appHome, FLATPAK_MANIFEST_DIRS[spec.appId] ?? 'unknown', MANIFEST_FILE),
    proxyPath: join(appHome, 'data', 'antidrift', 'antidrift-host-proxy'),
  };
  return [inside];
}

/** Every Snap and Flatpak target this installer knows (Linux only), whether the browser is there or not. */
export function sandboxedTargets(platform: NodeJS.Platform = process.platform): SandboxedTarget[] {
  return platform === 'linux' ? SANDBOXED_BROWSERS.flatMap(targetsOf) : [];
}

export function isSandboxed(target: ManifestTarget): target is SandboxedTarget {
  return 'spec' in target;
}

/** Inside the sandbox, `flatpak-spawn --host` runs our launcher outside it, passing stdin and stdout through. */
export function proxyContent(launcher: string): string {
  return `#!/bin/sh\n# ${WRAPPER_MARKER}: starts the helper outside this Flatpak sandbox\nexec /usr/bin/flatpak-spawn --host ${shQuote(launcher)} "$@"\n`;
}

/** The launcher a proxy of ours starts, or undefined when the file is not one. */
export function proxyTarget(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    const match = /^exec \/usr\/bin\/flatpak-spawn --host '((?:[^']|'\\'')*)' "\$@"$/m.exec(text);
    return text.includes(WRAPPER_MARKER) && match ? match[1]!.replace(/'\\''/g, "'") : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the person's (or the system's) Flatpak overrides let this app start programs outside its sandbox. */
export function flatpakMaySpawn(appId: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const data = xdgDataHome(env);
  const files = [join(data, 'flatpak', 'overrides', appId), join(data, 'flatpak', 'overrides', 'global')];
  files.push(join('/var/lib/flatpak/overrides', appId), '/var/lib/flatpak/overrides/global');
  const granted = new RegExp(`^\\s*${FLATPAK_SPAWN_PERMISSION.replace(/\./g, '\\.')}\\s*=\\s*(talk|own)\\s*$`, 'm');
  return files.some((file) => {
    try {
      return existsSync(file) && granted.test(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}
