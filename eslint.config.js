import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries are kept by lint, not packages: shared imports nothing of ours, web and server never
// import each other.
const noImport = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group] })) }],
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['shared/**'], rules: noImport(['#server/*', '#web/*', '**/server/**', '**/web/**']) },
  { files: ['server/**'], rules: noImport(['#web/*', '**/web/**']) },
  {
    files: ['web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImport(['#server/*', '**/server/**']) },
  },
  // A feature uses another only through its api.ts (data and queries); shared UI lives in
  // web/components and shared hooks and helpers in web/lib, which import no feature.
  {
    files: ['web/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#server/*', '**/server/**'] },
            {
              // '../<other feature>/<anything but api.ts>', or a path back in through features/
              regex: String.raw`^\.\./(?!\.\.)[^/]+/(?!api\.ts$)|/features/`,
              message: "Import another feature's api.ts only; move shared UI to web/components.",
            },
          ],
        },
      ],
    },
  },
  { files: ['web/components/**', 'web/lib/**'], rules: noImport(['**/features/**']) },
);
