// A temp HOME for install tests (where each browser and the helper's folder would be) and a hello through a registered launcher.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { EXTENSION_ID } from '../../../shared/protocol/extension-id.js';
import { HelloReply, PROTOCOL_VERSION } from '../../../shared/protocol/frames.js';
import { makeHostEnv, type HostTestEnv } from '../../../harness/host-env.js';
import { frame } from '../../../harness/spawn-host.js';

export const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

let hostEnv: HostTestEnv | undefined;
afterEach(() => {
  hostEnv?.cleanup();
  hostEnv = undefined;
});

export function setup() {
  hostEnv = makeHostEnv();
  const home = hostEnv.env.HOME!;
  const config = hostEnv.env.XDG_CONFIG_HOME!;
  const dataDir = hostEnv.dataDir;
  const hostHome = join(dataDir, 'host');
  return {
    env: hostEnv.env,
    root: hostEnv.root,
    home,
    config,
    dataDir,
    hostHome,
    chromiumHosts: join(config, 'chromium', 'NativeMessagingHosts'),
    firefoxHosts: join(home, '.mozilla', 'native-messaging-hosts'),
    launcher: join(hostHome, 'antidrift-host'),
    copy: join(hostHome, VERSION),
    record: join(dataDir, 'install-record.json'),
  };
}

export /** Speaks one hello through the launcher, as a browser starting the manifest's path would. */
async function helloThroughLauncher(launcher: string, env: NodeJS.ProcessEnv): Promise<HelloReply> {
  const child = spawn(launcher, [`chrome-extension://${EXTENSION_ID}/`], { env: { ...env, DISPLAY: '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffered = Buffer.alloc(0);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const reply = new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no hello reply through the launcher: ${stderr}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // The host may push `watcher` frames first; wait for the reply to our hello.
      while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32LE(0)) {
        const length = buffered.readUInt32LE(0);
        const message = JSON.parse(buffered.subarray(4, 4 + length).toString('utf8')) as { type?: string };
        buffered = buffered.subarray(4 + length);
        if (message.type === 'hello') {
          clearTimeout(timer);
          resolve(message);
        }
      }
    });
  });
  child.stdin.write(frame({ id: 1, type: 'hello', protocol: PROTOCOL_VERSION, version: VERSION }));
  try {
    return HelloReply.parse(await reply);
  } finally {
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
