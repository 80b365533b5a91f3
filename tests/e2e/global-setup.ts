// Builds what the end-to-end tests load (the extension and its end-to-end build, the host, release/, the previous release), then
// starts one private Xvfb + openbox per worker and hands their DISPLAYs over: focus and idle time are per display, so files run side by side.
import type { TestProject } from 'vitest/node';
import { startXServer, type XServer } from '../../harness/xvfb';
import { ensureBuilt } from '../../harness/builds';
import { assertBuilt } from '../../harness/chromium';
import { previousBuild } from '../support/previous-release';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One display per worker: a file takes the one of its worker (tests/e2e/harness.ts, e2eDisplay()). */
    e2eDisplays: string[];
  }
}

const servers: XServer[] = [];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt(['extension', 'e2e', 'host', 'release']);
  assertBuilt();
  // Built once per machine, here: two files that need it must not build it at the same time.
  previousBuild();
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  for (let i = 0; i < workers; i++) servers.push(await startXServer({ firstDisplay: 140 + 10 * i, screen: '1280x800x24' }));
  project.provide(
    'e2eDisplays',
    servers.map((s) => s.display),
  );
  return async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  };
}
