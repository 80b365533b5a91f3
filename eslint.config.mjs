// Lint configuration: typescript-eslint's recommended rules, Preact hooks rules, and the layer boundaries.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { BOUNDARIES } from './eslint/boundaries.mjs';
import antidrift from './eslint/layer-imports.mjs';

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'native-host/dist/**', 'release/**', 'bench/out/**', 'node_modules/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { antidrift, 'react-hooks': reactHooks },
    rules: {
      'antidrift/layer-imports': ['error', BOUNDARIES],
      // Types are checked by tsc; the JS rule does not know TypeScript's globals or WXT's auto-imports.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The build switches Preact's raw-HTML path off (modules/library-rewrites.ts): refuse the prop here, before it throws at run time.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'antidrift renders no raw HTML (see modules/library-rewrites.ts)',
        },
      ],
    },
  },
  {
    // The fake backend CLIs are plain CommonJS scripts the host spawns.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
