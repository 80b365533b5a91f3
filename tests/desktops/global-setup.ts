// Builds the host if it is missing or stale, and (once; cached outside the checkout) the trixie and sid roots the newer desktops run in, and hands their paths over.
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../../harness/builds';
import { ensureDesktopRoots } from '../../harness/desktop-roots';

declare module 'vitest' {
  export interface ProvidedContext {
    desktopRoots: Record<string, string>;
  }
}

export default function setup(project: TestProject): void {
  ensureBuilt(['host']);
  project.provide('desktopRoots', ensureDesktopRoots());
}
