// Lint: typescript-eslint, react-hooks, jsx-a11y, and the import boundaries of docs/architecture.md
// (contract imports nothing of ours; src and sw never import server; server never imports src or sw;
// a feature never imports another feature; features, components and lib never reach up into the app
// shell; test builders (src/testing, src/app/testing*) never reach the product; the database layer
// (server/db) knows no domain module, and demo seeding (server/demo) sits above the modules).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth',
  'home',
  'lawyers',
  'admin',
  'cases',
  'schedule',
  'meetings',
  'payments',
  'blogs',
  'notifications',
  'feedback',
  'chat',
  'ai',
  'profile',
  'dashboard',
  'pages',
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const NO_SERVER = { group: ['**/server/**'], message: 'src never imports server' };
/** Test builders live in src/testing (and src/app/testing*): only tests import them. */
const NO_TEST_HELPERS = {
  group: ['**/testing/**', '**/app/testing', '**/app/testing.tsx', '**/app/testing-*'],
  message: 'Test builders are for *.test.* files only; the product never imports them.',
};
/** The app shell composes features; a feature, component or lib module never imports it. */
const NO_APP_SHELL = {
  group: ['**/app/**', '../app', '../../app', '../../../app'],
  message: 'Features, components and lib do not reach up into src/app; the app composes them.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'reports', 'data', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [NO_SERVER] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/testing/**', 'src/app/testing*'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER, NO_TEST_HELPERS] }] },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER, NO_TEST_HELPERS, NO_APP_SHELL] }] },
  },
  ...FEATURES.flatMap((feature) => {
    const otherFeatures = {
      group: FEATURES.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
      message: 'A feature does not import another feature; compose them in src/app.',
    };
    return [
      {
        files: [`src/features/${feature}/**/*.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER, otherFeatures] }] },
      },
      {
        files: [`src/features/${feature}/**/*.{ts,tsx}`],
        ignores: TESTS,
        rules: {
          'no-restricted-imports': ['error', { patterns: [NO_SERVER, otherFeatures, NO_TEST_HELPERS, NO_APP_SHELL] }],
        },
      },
    ];
  }),
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/features/**'], message: 'sw imports only contract and src/lib/offline' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/sw/**'], message: 'server never imports src or sw' }] },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/sw/**'], message: 'server never imports src or sw' },
            {
              group: ['**/modules/**', '**/demo/**', '../compose', '**/ai/**', '**/payments/**'],
              message: 'server/db is the database layer: it knows no domain rules (demo seeding is server/demo).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../server/**', '../src/**', '../sw/**'], message: 'contract imports only zod' }] },
      ],
    },
  },
);
