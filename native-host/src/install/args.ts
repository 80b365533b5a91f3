// Parses the command-line options of install / uninstall / doctor.
import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod';
import { EXTENSION_ID } from '../../../shared/protocol/extension-id.js';
import { BROWSER_IDS, type BrowserId } from '../../../shared/protocol/browser-ids.js';
import { EXTENSION_ID_PATTERN } from './manifest.js';

export const InstallOptions = z.object({
  browsers: z.union([z.literal('detect'), z.literal('all'), z.array(z.enum(BROWSER_IDS)).min(1)]),
  userDataDir: z.string().min(1).optional(),
  extensionId: z.string().regex(EXTENSION_ID_PATTERN, 'an extension ID is 32 letters a-p'),
  /** True when --extension-id was passed (doctor otherwise checks the ID recorded at install). */
  extensionIdGiven: z.boolean(),
  json: z.boolean(),
  /** The GNOME Shell extension: installed when a GNOME session is detected, or as asked. */
  gnomeExtension: z.enum(['detect', 'yes', 'no']),
});
export type InstallOptions = z.infer<typeof InstallOptions>;

const BrowserArg = z.enum([...BROWSER_IDS, 'all']);

export type ParsedArgs = { ok: true; options: InstallOptions } | { ok: false; error: string };

/** Accepts `--flag value` and `--flag=value`; `--browser` may repeat or hold a comma list. */
export function parseInstallArgs(args: string[]): ParsedArgs {
  let browsers: BrowserId[] | 'all' | 'detect' = 'detect';
  let userDataDir: string | undefined;
  let extensionId: string = EXTENSION_ID;
  let json = false;
  let extensionIdGiven = false;
  let gnomeExtension: 'detect' | 'yes' | 'no' = 'detect';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const takeValue = (): string | undefined => (eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : args[++i]);
    switch (flag) {
      case '--browser': {
        const value = takeValue();
        if (!value) return { ok: false, error: '--browser needs a value' };
        for (const name of value.split(',')) {
          const parsed = BrowserArg.safeParse(name.trim());
          if (!parsed.success) return { ok: false, error: `unknown browser "${name}" (known: ${BROWSER_IDS.join(', ')}, all)` };
          if (parsed.data === 'all') browsers = 'all';
          else if (browsers !== 'all') browsers = [...(browsers === 'detect' ? [] : browsers), parsed.data];
        }
        break;
      }
      case '--user-data-dir': {
        const value = takeValue();
        if (!value) return { ok: false, error: '--user-data-dir needs a directory' };
        userDataDir = isAbsolute(value) ? value : resolve(value);
        break;
      }
      case '--extension-id': {
        const value = takeValue();
        if (!value) return { ok: false, error: '--extension-id needs an ID' };
        extensionId = value;
        extensionIdGiven = true;
        break;
      }
      case '--json':
        json = true;
        break;
      case '--gnome-extension':
        gnomeExtension = 'yes';
        break;
      case '--no-gnome-extension':
        gnomeExtension = 'no';
        break;
      default:
        return { ok: false, error: `unknown option "${arg}"` };
    }
  }
  const parsed = InstallOptions.safeParse({ browsers, userDataDir, extensionId, extensionIdGiven, json, gnomeExtension });
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  if (parsed.data.userDataDir && Array.isArray(parsed.data.browsers) && parsed.data.browsers.includes('firefox'))
    return { ok: false, error: '--user-data-dir is for Chromium-family profiles only, not Firefox' };
  return { ok: true, options: parsed.data };
}
