// Entry point of `antidrift-host install | uninstall | doctor`: parses options and runs the command.
import { parseInstallArgs } from './args.js';
import { runDoctor } from './doctor.js';
import { runInstall } from './install.js';
import { consoleOutput } from './output.js';
import { runUninstall } from './uninstall.js';
import { errorText } from '../../../shared/util/error-text.js';

export const INSTALL_USAGE = `Usage:
  antidrift-host install   [--browser chrome|chromium|edge|brave|vivaldi|firefox|all] [--user-data-dir DIR] [--extension-id ID]
                           [--gnome-extension | --no-gnome-extension]
  antidrift-host uninstall
  antidrift-host doctor    [--json] [--user-data-dir DIR] [--extension-id ID]

install without --browser registers the host with every browser whose config folder exists.
--user-data-dir DIR registers it for a Chromium profile started with --user-data-dir=DIR.
In a GNOME session install also adds the antidrift GNOME Shell extension (GNOME on Wayland shows
no active window to other programs); --gnome-extension forces it, --no-gnome-extension skips it.`;

/** Returns the process exit code; human output goes to stdout, errors to stderr. */
export async function runInstallCommand(command: 'install' | 'uninstall' | 'doctor', args: string[]): Promise<number> {
  const out = consoleOutput();
  if (args.includes('--help') || args.includes('-h')) {
    out.line(INSTALL_USAGE);
    return 0;
  }
  const parsed = parseInstallArgs(command === 'uninstall' ? args.filter((a) => a !== '--json') : args);
  if (!parsed.ok) {
    out.error(`${command}: ${parsed.error}\n\n${INSTALL_USAGE}`);
    return 2;
  }
  try {
    if (command === 'install') return await runInstall(parsed.options, out);
    if (command === 'uninstall') return await runUninstall(out);
    return await runDoctor(parsed.options, out);
  } catch (err) {
    out.error(`${command} failed: ${errorText(err)}`);
    return 1;
  }
}
