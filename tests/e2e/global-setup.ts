// Starts one private Xvfb + openbox for the end-to-end tests and hands its DISPLAY to them.
import type { TestProject } from 'vitest/node';
import { startXServer, type XServer } from '../../harness/xvfb';
import { assertBuilt } from '../../harness/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDisplay: string;
  }
}

let server: XServer | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertBuilt();
  server = await startXServer({ firstDisplay: 140, screen: '1280x800x24' });
  project.provide('e2eDisplay', server.display);
  return async () => {
    await server?.stop();
    server = undefined;
  };
}
