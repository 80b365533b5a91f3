// No module of the extension or the helper reaches itself through its imports, type imports included.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;
const SOURCES = ['background', 'shared', 'entrypoints', 'ui', 'locale', 'test-hooks', 'native-host/src'];

/** Every specifier a module names: imports and re-exports (type-only ones too), side-effect and dynamic imports. */
export function specifiersOf(code: string): string[] {
  const found: string[] = [];
  for (const pattern of [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g])
    for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function resolveRelative(from: string, specifier: string, exists: (path: string) => boolean): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (/\.tsx?$/.test(candidate) && exists(candidate)) return candidate;
  return null;
}

/** The strongly connected groups of more than one module, and modules importing themselves (Tarjan). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function repoGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const targets = specifiersOf(readFileSync(file, 'utf8'))
      .map((specifier) => resolveRelative(file, specifier, existsSync))
      .filter((target): target is string => target !== null);
    graph.set(relative(ROOT, file), [...new Set(targets.map((target) => relative(ROOT, target)))]);
  }
  return graph;
}

describe('import cycles', () => {
  it('finds a cycle where there is one (the probe), type imports included', () => {
    const files = new Map([
      ['a/worker.ts', "import type { Registry } from '../b/registry';"],
      ['b/registry.ts', "import { portOf } from './port';\nexport { x } from './leaf';"],
      ['b/port.ts', "import type {\n  Worker,\n} from '../a/worker';"],
      ['b/leaf.ts', "import 'zod';"],
    ]);
    const graph = new Map(
      [...files].map(([file, code]) => [
        file,
        specifiersOf(code)
          .map((s) => resolveRelative(file, s, (path) => files.has(path)))
          .filter((t): t is string => t !== null),
      ]),
    );
    expect(cyclesOf(graph)).toEqual([['a/worker.ts', 'b/port.ts', 'b/registry.ts']]);
  });

  it('none in the extension, the helper or the core', () => {
    const graph = repoGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('background/state-ports.ts')).toContain('background/sender.ts');
    expect(cyclesOf(graph).map((c) => c.join(' <-> '))).toEqual([]);
  });
});
