import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Packages depend one way only (architecture.md): each folder lists what it may not import. */
const layers = [
  {
    files: ['contracts/**'],
    forbidden: ['@bari/event-store', '@bari/db', '@bari/projections', '@bari/api', '@bari/web'],
  },
  {
    files: ['services/event-store/**', 'services/db/**'],
    forbidden: ['@bari/projections', '@bari/api', '@bari/web'],
  },
  { files: ['projections/**'], forbidden: ['@bari/api', '@bari/web'] },
  { files: ['web/src/**'], forbidden: ['@bari/event-store', '@bari/db', '@bari/projections', '@bari/api'] },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        {
          selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Skip with a printed reason (skipIf), not .skip.',
        },
      ],
    },
  },
  ...layers.map(({ files, forbidden }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((name) => ({
            group: [name, `${name}/*`],
            message: 'Packages depend one way only (see docs/architecture).',
          })),
        },
      ],
    },
  })),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
