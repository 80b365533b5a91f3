// The native-messaging host manifest: building it for a browser family and validating one on disk.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import * as z from 'zod';
import { GECKO_ID, NATIVE_HOST_NAME } from '../../../shared/protocol/extension-id.js';
import type { BrowserFamily } from './browsers.js';

export const HostManifest = z.object({
  name: z.string(),
  description: z.string().optional(),
  path: z.string(),
  type: z.literal('stdio'),
  allowed_origins: z.array(z.string()).optional(),
  allowed_extensions: z.array(z.string()).optional(),
});
export type HostManifest = z.infer<typeof HostManifest>;

export const EXTENSION_ID_PATTERN = /^[a-p]{32}$/;

/** Chromium rejects an origin without the trailing slash ("Specified native messaging host not found"). */
export function chromiumOrigin(extensionId: string): string {
  return `chrome-extension://${extensionId}/`;
}

/** `extensionIds` in order, without repeats: a store install, a folder loaded unpacked and a development build each have their own. */
export function buildManifest(family: BrowserFamily, wrapperPath: string, extensionIds: readonly string[]): HostManifest {
  const base = {
    name: NATIVE_HOST_NAME,
    description: 'antidrift native host: active-window watcher and LLM CLI runner',
    path: wrapperPath,
    type: 'stdio' as const,
  };
  if (family === 'firefox') return { ...base, allowed_extensions: [GECKO_ID] };
  return { ...base, allowed_origins: [...new Set(extensionIds)].map(chromiumOrigin) };
}

/** The extension IDs an existing manifest of ours allows (kept when it is written again for another ID). */
export function allowedIds(path: string): string[] {
  try {
    const parsed = HostManifest.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success || parsed.data.name !== NATIVE_HOST_NAME) return [];
    return (parsed.data.allowed_origins ?? [])
      .map((origin) => /^chrome-extension:\/\/([a-p]{32})\/$/.exec(origin)?.[1])
      .filter((id): id is string => id !== undefined);
  } catch {
    return [];
  }
}

export interface ManifestCheck {
  ok: boolean;
  problems: string[];
  manifest?: HostManifest;
}

function isExecutable(path: string): boolean {
  if (process.platform === 'win32') return true;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Reads and validates a manifest file for `family`; every problem found is listed. */
export function checkManifestFile(path: string, family: BrowserFamily, extensionId: string): ManifestCheck {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    return { ok: false, problems: [`cannot read ${path}: ${(err as Error).message}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    return { ok: false, problems: [`not valid JSON: ${(err as Error).message}`] };
  }
  const parsed = HostManifest.safeParse(json);
  if (!parsed.success) return { ok: false, problems: [`not a host manifest: ${z.prettifyError(parsed.error)}`] };
  const manifest = parsed.data;
  const problems: string[] = [];
  if (manifest.name !== NATIVE_HOST_NAME) problems.push(`name is "${manifest.name}", expected "${NATIVE_HOST_NAME}"`);
  if (!isAbsolute(manifest.path)) problems.push(`path "${manifest.path}" is not absolute`);
  else if (!existsSync(manifest.path)) problems.push(`path ${manifest.path} does not exist`);
  else if (!statSync(manifest.path).isFile()) problems.push(`path ${manifest.path} is not a file`);
  else if (!isExecutable(manifest.path)) problems.push(`path ${manifest.path} is not executable`);
  if (family === 'chromium') {
    const origin = chromiumOrigin(extensionId);
    if (!manifest.allowed_origins?.includes(origin)) problems.push(`allowed_origins does not contain ${origin}`);
  } else if (!manifest.allowed_extensions?.includes(GECKO_ID)) {
    problems.push(`allowed_extensions does not contain ${GECKO_ID}`);
  }
  return { ok: problems.length === 0, problems, manifest };
}
