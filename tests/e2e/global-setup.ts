// Builds what the end-to-end tests load (the extension, the host, release/ for the release install), then starts one private Xvfb + openbox and hands its DISPLAY to them.
import type { TestProject } from 'vitest/node';
import { startXServer, type XServer } from '../../harness/xvfb';
import { ensureBuilt } from '../../harness/builds';
import { assertBuilt } from '../../harness/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDisplay: string;
  }
}

let server: XServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt(['extension', 'host', 'release']);
  assertBuilt();
  server = await startXServer({ firstDisplay: 140, screen: '1280x800x24' });
  project.provide('e2eDisplay', server.display);
  return async () => {
    await server?.stop();
    server = undefined;
  };
}
