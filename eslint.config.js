import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * The web app's layers, top to bottom. A module imports from its own layer and the layers below
 * it, never from above; features also never import each other (a route composes them). The
 * server (src/server) is outside the layers: it shares only the contract's generated types.
 */
const appLayers = [
  ['main.tsx', 'routeTree.gen.ts', 'app', 'dev', 'routes'],
  ['features'],
  ['shell', 'components'],
  ['session', 'lib'],
  ['api'],
  ['config'],
];
const layerOrder = 'routes → features → shell/components → session/lib → api → config';

const placed = new Set([...appLayers.flat(), 'server']);
const unplaced = readdirSync(path.join(root, 'src')).filter((name) => !placed.has(name));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: add src/${unplaced.join(', src/')} to a layer of appLayers.`);
}

const inSource = (name) => `src/${name}`;
const features = readdirSync(path.join(root, 'src', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** For `import/no-restricted-paths`: `target` may not import from `from`, resolved paths. */
const importZones = [
  ...appLayers.slice(1).map((layer, index) => ({
    target: layer.map(inSource),
    from: appLayers
      .slice(0, index + 1)
      .flat()
      .map(inSource),
    message: `Imports flow ${layerOrder}; ${layer.join(' and ')} never import from above.`,
  })),
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; a route composes them.',
  })),
  {
    target: ['src/server', 'tests/server'],
    from: 'src',
    except: ['./server', './api/schema.d.ts', './config/runtime-config.ts'],
    message:
      'The server imports only its own modules, the contract types (src/api/schema) and the runtime configuration it serves the app (src/config/runtime-config).',
  },
  {
    target: appLayers.flat().map(inSource),
    from: 'src/server',
    message: 'The web app never imports the server; share types through the contract.',
  },
  {
    target: 'scripts',
    from: 'tests',
    message: 'Scripts never import tests; what both use lives in scripts/support.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'coverage',
      'playwright-report',
      'test-results',
      'src/routeTree.gen.ts',
      'src/api/schema.d.ts',
      'public/env.js',
      'public/color-scheme.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // scripts/start.mjs runs on plain `node` before anything is built, so it is JavaScript.
        projectService: { allowDefaultProject: ['scripts/start.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
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
  {
    // The import rules' resolver is CommonJS, which they load with require().
    ...tseslint.configs.disableTypeChecked,
    files: ['**/*.cjs'],
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs.flat.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // How the rules below find the module an import names, and which files no-cycle reads.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { [path.join(root, 'scripts/lint/source-resolver.cjs')]: {} },
    },
  },
  {
    // Resolved paths, not specifier patterns: `../` and `@/` imports alike.
    files: ['src/**/*.{ts,tsx}', 'tests/server/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'import/no-restricted-paths': ['error', { basePath: root, zones: importZones }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
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
