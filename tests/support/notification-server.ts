// Test helper: a real notification server (dunst) on an X display and a private session bus, as a Linux desktop has.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileAsync, stopProc, waitFor } from '../../harness/processes';
import { startSessionBus } from '../../harness/session-bus';

export interface NotificationServer {
  /** What a client needs to reach it (the session bus). */
  env: NodeJS.ProcessEnv;
  /** The notifications on screen, by summary (dunstctl). */
  shown(): Promise<number>;
  /** Summary and body of each closed notification, newest first (dunst's history). */
  history(): Promise<Array<{ summary: string; body: string }>>;
  /** A person's left click on the newest notification: dunst invokes its default action. */
  clickNewest(): Promise<void>;
  stop(): Promise<void>;
}

export async function startNotificationServer(display: string): Promise<NotificationServer> {
  const root = mkdtempSync(join(tmpdir(), 'antidrift-notify-'));
  const runtime = join(root, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  const bus = await startSessionBus(runtime);
  const config = join(root, 'dunstrc');
  // Top-right, no timeout, a click runs the notification's default action (what libnotify clients bind to "clicked").
  writeFileSync(
    config,
    `[global]
  origin = top-right
  offset = 10x10
  width = 300
  follow = none
  mouse_left_click = do_action, close_current
[urgency_low]
  timeout = 0
[urgency_normal]
  timeout = 0
[urgency_critical]
  timeout = 0
`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: bus.address, XDG_RUNTIME_DIR: runtime };
  delete env.WAYLAND_DISPLAY;
  let output = '';
  const dunst: ChildProcess = spawn('dunst', ['-config', config], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  dunst.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  dunst.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  const dunstctl = async (...args: string[]) => (await execFileAsync('dunstctl', args, { env })).stdout.trim();
  await waitFor(async () => {
    if (dunst.exitCode !== null) throw new Error(`dunst exited (${dunst.exitCode}): ${output}`);
    try {
      return (await dunstctl('is-paused')) === 'false';
    } catch {
      return false;
    }
  }, 'dunst on the session bus');
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: bus.address },
    async shown() {
      return Number(await dunstctl('count', 'displayed'));
    },
    async history() {
      const parsed = JSON.parse(await dunstctl('history')) as { data: Array<Array<Record<string, { data: string }>>> };
      return (parsed.data[0] ?? []).map((n) => ({ summary: n.summary?.data ?? '', body: n.body?.data ?? '' }));
    },
    async clickNewest() {
      const id = (await execFileAsync('xdotool', ['search', '--sync', '--onlyvisible', '--classname', 'Dunst'], { env })).stdout
        .trim()
        .split('\n')[0]!;
      await execFileAsync('xdotool', ['mousemove', '--window', id, '20', '10', 'click', '1'], { env });
    },
    async stop() {
      await stopProc(dunst);
      await bus.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
