// docs/ARCHITECTURE.md against the code: its event and effect lists, its layer table, its features, and every file and name it cites.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../eslint/boundaries.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');
const doc = read('docs/ARCHITECTURE.md');
/** The repository's files, new ones not yet committed included (not what git ignores: build output, artifacts). */
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** The `type` of each member of the union declared as `export type NAME =` in events.ts, in order. */
function unionTypes(name: string): string[] {
  const source = read('shared/core/controller/events.ts');
  const start = source.indexOf(`export type ${name} =`);
  const end = source.indexOf('\nexport ', start + 1);
  return [...source.slice(start, end).matchAll(/type: '(\w+)'/g)].map((m) => m[1]!);
}

/** The backticked names of the paragraph that begins with `label`. */
function listed(label: string): string[] {
  const paragraph = doc.slice(doc.indexOf(label)).split('\n\n')[0]!;
  return [...paragraph.slice(paragraph.indexOf(':')).matchAll(/`(\w+)`/g)].map((m) => m[1]!);
}

/** The rows of the markdown table under `heading`: each row's cells. */
function table(heading: string): string[][] {
  const section = doc.slice(doc.indexOf(`\n${heading}\n`) + heading.length + 2);
  const lines = section.split('\n');
  const rows = lines
    .slice(lines.findIndex((l) => l.startsWith('|')))
    .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')));
  return rows.slice(2).map((row) => row.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, '')));
}

describe('docs/ARCHITECTURE.md', () => {
  it("lists the controller's events and effects as events.ts declares them", () => {
    expect(listed('Events (past tense'), 'the events paragraph').toEqual(unionTypes('ControllerEvent'));
    expect(listed('Effects (imperative'), 'the effects paragraph').toEqual(unionTypes('ControllerEffect'));
  });

  it('has a row in the layer table for each folder of product code, and each row names one that exists', () => {
    const rows = table('## Layers').map((cells) => cells[0]!.replace(/`/g, ''));
    for (const path of rows)
      expect(
        tracked.some((f) => f === path || f.startsWith(path)),
        path,
      ).toBe(true);
    const tooling = new Set([
      'tests',
      'scripts',
      'harness',
      'bench',
      'eval',
      'eslint',
      'docs',
      'public',
      'node_modules',
      'release',
      'artifacts',
    ]);
    const folders = readdirSync(root).filter((d) => !d.startsWith('.') && !tooling.has(d) && statSync(`${root}${d}`).isDirectory());
    const shared = readdirSync(`${root}shared`).map((d) => `shared/${d}${statSync(`${root}shared/${d}`).isDirectory() ? '/' : ''}`);
    for (const folder of [...folders.filter((d) => d !== 'shared').map((d) => `${d}/`), ...shared])
      expect(
        rows.some((row) => row === folder || folder.startsWith(row)),
        `${folder} in the layer table`,
      ).toBe(true);
  });

  it("has a row in the features table for each feature the lint keeps apart, naming each one's folders", () => {
    const rows = new Map(table('## Features, layer by layer').map((cells) => [cells[0]!, cells]));
    for (const feature of FEATURES) {
      const row = rows.get(feature);
      expect(row, `a row for ${feature}`).toBeDefined();
      expect(row![1], feature).toContain(`\`${feature}/\``);
      expect(
        tracked.some((f) => f.startsWith(`shared/${feature}/`)) && tracked.some((f) => f.startsWith(`background/${feature}/`)),
        feature,
      ).toBe(true);
    }
  });

  it('cites only files that exist and names that the code holds', () => {
    const text = doc.replace(/```[\s\S]*?```/g, '');
    const code = tracked.filter((f) => /\.(ts|tsx|mjs|cjs|json|sh)$/.test(f) && !f.startsWith('docs/'));
    const corpus = code.map((f) => read(f)).join('\n');
    const tokens = [...new Set([...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!))];
    const missingFiles = tokens.filter(
      (t) => /^[\w./-]+\.(ts|tsx|mjs|cjs|json|md|sh)$/.test(t) && !tracked.some((f) => f === t || f.endsWith(`/${t}`)),
    );
    const missingNames = tokens
      .filter((t) => /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*(\(\))?$/.test(t))
      .map((t) => t.replace(/\(\)$/, ''))
      .filter((name) => !corpus.includes(name) && !(name.includes('.') && corpus.includes(name.split('.').pop()!)));
    expect(missingFiles, 'files cited that do not exist').toEqual([]);
    expect(missingNames, 'names cited that no code holds').toEqual([]);
  });
});
