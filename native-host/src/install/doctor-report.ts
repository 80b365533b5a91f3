// The `doctor --json` report: one zod schema, shared by the command and whoever reads its output.
import * as z from 'zod';
import { BackendInfo, WatcherInfo } from '../../../shared/protocol/frames.js';

export const BrowserCheck = z.object({
  browser: z.string(),
  /** The browser's config/profile folder exists. */
  present: z.boolean(),
  status: z.enum(['ok', 'missing', 'invalid']),
  location: z.string(),
  manifestPath: z.string().optional(),
  /** The launcher the manifest names. */
  launcher: z.string().optional(),
  problems: z.array(z.string()),
  /** A Snap or Flatpak browser: how it reaches the helper, and what the person must do there. */
  sandbox: z
    .object({
      packaging: z.enum(['snap', 'flatpak']),
      reach: z.enum(['portal', 'flatpak-spawn', 'none']),
      advice: z.string(),
      /** Flatpak: whether its overrides let it start programs outside the sandbox. */
      permission: z.boolean().optional(),
    })
    .optional(),
});
export type BrowserCheck = z.infer<typeof BrowserCheck>;

export const DoctorReport = z.object({
  usable: z.boolean(),
  reasons: z.array(z.string()),
  host: z.object({ node: z.string(), script: z.string(), appData: z.string(), platform: z.string() }),
  browsers: z.array(BrowserCheck),
  watcher: WatcherInfo.extend({ activeWindow: z.object({ title: z.string(), app: z.string() }).optional() }),
  /** In a GNOME session: whether the antidrift GNOME Shell extension is installed and enabled. */
  gnomeExtension: z
    .object({
      installed: z.boolean(),
      enabled: z.boolean().optional(),
      path: z.string(),
      /** What the running GNOME Shell made of it (absent when no shell answered), and the line that says it. */
      state: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
  backends: z.array(BackendInfo),
  config: z.object({ path: z.string(), exists: z.boolean(), ok: z.boolean(), problem: z.string().optional() }),
  /** The launcher the manifests name, what it runs, and a real framed hello through it. */
  launcher: z.object({
    path: z.string(),
    node: z.string().optional(),
    script: z.string().optional(),
    problems: z.array(z.string()),
    hello: z.object({ hostVersion: z.string(), protocol: z.number(), ms: z.number() }).optional(),
  }),
  /** What the install record says: the release installed, and whether that install finished. */
  install: z.object({ hostVersion: z.string().optional(), state: z.enum(['installing', 'installed', 'none', 'unreadable']) }),
});
export type DoctorReport = z.infer<typeof DoctorReport>;
