// What doctor asks in a GNOME session, whichever watcher runs: our extension's files, its setting, and the running shell's word.
import type { DesktopChecks } from '../hooks.js';
import { readGnomeIntegration } from './read-integration.js';
import { gnomeExtensionDir, gnomeExtensionState } from './shell-tools.js';
import { gnomeIntegrationMessage } from './states.js';

export async function checkGnomeExtension(env: NodeJS.ProcessEnv): Promise<DesktopChecks> {
  const files = await gnomeExtensionState(env);
  const integration = await readGnomeIntegration(env);
  return {
    gnomeExtension: {
      installed: files.installed,
      ...(files.enabled !== undefined ? { enabled: files.enabled } : {}),
      path: gnomeExtensionDir(env),
      ...(integration ? { state: integration.state, message: gnomeIntegrationMessage(integration) } : {}),
    },
  };
}
