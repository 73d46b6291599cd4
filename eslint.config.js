import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const sourceDir = path.join(import.meta.dirname, 'src');
const serverDir = path.join(sourceDir, 'server');
const serverTestsDir = path.join(import.meta.dirname, 'tests', 'server');
const contractTypes = path.join(sourceDir, 'api', 'schema');

const isInside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/**
 * The server and the web app share only the contract's generated types (src/api/schema.d.ts):
 * the server imports nothing else from src/, and nothing else in src/ imports the server.
 * Resolved paths, not specifier patterns, because both sides use relative imports.
 */
const serverBoundary = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      serverImportsApp:
        'The server imports only its own modules and the contract types (src/api/schema).',
      appImportsServer: 'The web app never imports the server; share types through the contract.',
    },
  },
  create(context) {
    const importer = context.filename;
    const fromServer = isInside(importer, serverDir) || isInside(importer, serverTestsDir);
    const check = ({ source }) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      const target = specifier.startsWith('@/')
        ? path.join(sourceDir, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(importer), specifier)
          : undefined;
      if (target === undefined || !isInside(target, sourceDir)) return;
      const toServer = isInside(target, serverDir);
      if (fromServer && !toServer && target.replace(/(\.d)?\.ts$/, '') !== contractTypes) {
        context.report({ node: source, messageId: 'serverImportsApp' });
      } else if (!fromServer && toServer) {
        context.report({ node: source, messageId: 'appImportsServer' });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'playwright-report',
      'test-results',
      'src/routeTree.gen.ts',
      'src/api/schema.d.ts',
      'public/env.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Loaders use ensureQueryData, the loader contract of our router examples; TanStack Query
      // 5.108 deprecates it ahead of v6, and the move to queryClient.query() comes with that upgrade.
      '@typescript-eslint/no-deprecated': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/query-core', name: 'ensureQueryData' }] },
      ],
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
      ],
    },
  },
  reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs.flat.recommended,
  ...pluginQuery.configs['flat/recommended'],
  // Imports flow one way: routes → features → shared code (api, lib, components, shell, config).
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/routes/*', '@/app/*'],
              message: 'Features never import routes or the app.',
            },
            {
              group: ['@/features/*'],
              message:
                'Features do not import each other (a route composes them); use relative imports within a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/{api,lib,components,shell,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/routes/*', '@/app/*', '@/features/*'],
              message: 'Shared code never imports routes, the app or features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/server/**/*.ts'],
    plugins: { shelflink: { rules: { 'server-boundary': serverBoundary } } },
    rules: { 'shelflink/server-boundary': 'error' },
  },
  {
    // Playwright fixtures take `{}` and call `use`, which is not React's hook.
    files: ['tests/e2e/**', 'tests/support/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['eslint.config.js', 'postcss.config.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
