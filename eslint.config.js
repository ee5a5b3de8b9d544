// Typed lint for every workspace: floating promises are errors, zero warnings.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import boundaries from 'eslint-plugin-boundaries'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const tsProjects = [
  'packages/domain/tsconfig.json',
  'packages/simnet/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
]

/** `from` may not import `to` (element types below). */
const forbid = (from, to) => ({
  from: { element: { type: from } },
  disallow: [{ to: { element: { type: to } } }],
})

/** A server file of category `from` may not import one of category `to`. */
const layer = (from, to) => ({
  from: { file: { categories: from } },
  disallow: [{ to: { file: { categories: to } } }],
})

/** Queries are built only in repositories (and the database's own files). */
const SQL_OUTSIDE_REPO = 'Queries live in a repository (repo.ts or *-repo.ts); call it instead.'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/*.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // Layers of the web: components and lib serve features, features serve routes, and a feature
  // uses no other feature's internals (what two features share moves to components or lib).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['apps/web/tsconfig.json'] } },
      'boundaries/elements': [
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-routes', pattern: 'apps/web/src/routes' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          policies: [
            forbid('web-components', ['web-feature', 'web-routes']),
            forbid('web-lib', ['web-feature', 'web-routes']),
            forbid('web-feature', 'web-routes'),
            {
              from: { element: { type: 'web-feature' } },
              disallow: [
                {
                  to: {
                    element: {
                      type: 'web-feature',
                      captured: { feature: '!{{from.element.captured.feature}}' },
                    },
                  },
                },
              ],
            },
          ],
        },
      ],
    },
  },
  // Layers of the server: routers call services, services call repositories, never backwards;
  // routers reach services through the context, not repositories; modules meet at their entries.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['apps/server/tsconfig.json'] } },
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        { type: 'server-test', pattern: 'apps/server/test' },
      ],
      // First match wins: a module's router, its repositories (and their row mapping), everything
      // else is its service.
      'boundaries/files-single-match': true,
      'boundaries/files': [
        { category: 'router', pattern: 'apps/server/src/modules/*/router.ts' },
        // what a module offers the others (see the policy below)
        { category: 'entry', pattern: 'apps/server/src/modules/*/index.ts' },
        {
          category: 'repo',
          pattern: [
            'apps/server/src/**/repo.ts',
            'apps/server/src/**/*-repo.ts',
            // how a module's rows map to its domain values, shared by its repositories
            'apps/server/src/modules/*/row.ts',
          ],
        },
        { category: 'service', pattern: 'apps/server/src/modules/**' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          checkInternals: true,
          policies: [
            layer('repo', ['service', 'router']),
            layer('service', 'router'),
            layer('router', 'repo'),
            // A module uses another only through its public entry (`index.ts`): never its
            // repositories, router or internals; only `services.ts` (and its parts) builds services.
            {
              from: { element: { type: 'server-module' } },
              disallow: [
                {
                  to: {
                    element: {
                      type: 'server-module',
                      captured: { module: '!{{from.element.captured.module}}' },
                      fileInternalPath: '!index.ts',
                    },
                  },
                },
              ],
              message:
                'Import another module only from its public entry (modules/<module>/index.ts)',
            },
            {
              from: { file: { categories: '*' } },
              disallow: [{ to: { element: { type: 'server-test' } } }],
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee > Identifier.property[name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: SQL_OUTSIDE_REPO,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_OUTSIDE_REPO },
      ],
    },
  },
  {
    files: ['apps/server/src/**/repo.ts', 'apps/server/src/**/*-repo.ts', 'apps/server/src/db/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // No import cycles anywhere.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: tsProjects, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
)
