// axe-core in a real page: evaluated over CDP (so the extension's CSP does not apply), violations as readable lines; the e2e files and the gallery share it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  /** A node inside a shadow root is named by a list of selectors, one per root. */
  nodes: { target: unknown[] }[];
}

/** `include`: axe looks only inside this selector. A frame (the in-page surfaces' own document) is checked whole. */
export async function axeViolations(page: Page | Frame, include?: string): Promise<string[]> {
  // Loaded once per document: the gallery checks the same page at several zooms.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (selector) => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(selector ? { include: [[selector]] } : document)).violations;
  }, include);
  const named = (target: unknown[]) => target.map((t) => (typeof t === 'string' ? t : JSON.stringify(t))).join(' ');
  return found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => named(n.target)).join(', ')})`);
}
