// The build switches Preact's raw-HTML path off, so ESLint refuses dangerouslySetInnerHTML before it could throw at run time.
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

async function messages(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'ui/example.tsx' });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// ESLint loads the whole config (typescript-eslint, the hooks plugin) on the first lint: seconds on two shared cores.
it('refuses dangerouslySetInnerHTML and lets ordinary props through', { timeout: 30_000 }, async () => {
  expect(await messages('export const A = (p: { h: string }) => <div dangerouslySetInnerHTML={{ __html: p.h }} />;\n')).toEqual([
    'antidrift renders no raw HTML (see modules/library-rewrites.ts)',
  ]);
  expect(await messages('export const B = (p: { h: string }) => <div title={p.h}>{p.h}</div>;\n')).toEqual([]);
});
