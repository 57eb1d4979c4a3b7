import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';
import globals from 'globals';

// Boundaries (docs/development.md, "Boundaries").
// 1. Drizzle (`drizzle-orm`, `db/schema`) only in a module's *.repo.ts and in db/, jobs/,
//    plugins/; tests, seeders and their fixtures may write rows directly.
const DRIZZLE_ALLOWED = [
  'apps/server/src/**/*.repo.ts',
  'apps/server/src/db/**',
  'apps/server/src/jobs/**',
  'apps/server/src/plugins/**',
  'apps/server/src/seed/**',
  'apps/server/src/ops/**',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*.seed.ts',
  'apps/server/src/**/*.fixtures.ts',
  'apps/server/src/**/*test-kit.ts',
  'apps/server/test/**',
];
const DRIZZLE_MESSAGE =
  'Drizzle só no *.repo.ts do módulo (ou db/, jobs/, plugins/): crie uma função no repo e chame-a do serviço.';

// Session advisory locks stay on whatever server connection PgBouncer (transaction mode)
// handed out and can lock a job out for good: use pg_advisory_xact_lock in a transaction, or
// let the job queue (jobs/queue.ts) run a job once.
const NO_SESSION_ADVISORY_LOCK = ['Literal[value=', 'TemplateElement[value.raw='].map((node) => ({
  selector: `${node}/pg_(try_)?advisory_(un)?lock/i]`,
  message:
    'Sem advisory lock de sessão: use pg_advisory_xact_lock numa transação ou a fila de tarefas (jobs/queue.ts).',
}));

// Collaborators every area uses come ready in the service deps (built once in app.ts), never
// built again inside a service: notifications today (deps.notifications).
const BUILT_ONCE = [
  {
    selector: "CallExpression[callee.name='createNotificationsService']",
    message:
      'Notificações chegam prontas em deps.notifications (montadas uma vez em app.ts); não crie outra.',
  },
];

// 3b. No service builds another (issue 32): a factory takes the services it needs as a
//    parameter, and app/services.ts builds each once and hands it over. The scope reader is
//    the exception: it is built on the connection at hand (createScopeService(tx)), as a repo.
const SERVICES_WIRED_ONCE = [
  {
    selector:
      "CallExpression[callee.name=/^create\\w*Service$/][callee.name!='createScopeService'][callee.name!='createNotificationsService']",
    message:
      'Um serviço não monta outro: receba-o como parâmetro e monte-o uma vez em app/services.ts (buildServices).',
  },
];

// 3. Services are built once, with their collaborators, in app/services.ts; a route plugin
//    takes its own from `app.services` and never calls a `create*Service` (issue 32).

// 2. A web feature reaches another feature only through what that feature declares public here
//    (files relative to its folder); everything else of a feature is its own. Areas meet in
//    app/ (routes, pages), which may import any feature.
const WEB_FEATURES = 'apps/web/src/features';
const WEB_FEATURE_PUBLIC = {
  'apr-pt': ['components/os-apr-sign.tsx'],
  'service-orders': ['components/create-os-from-entry.tsx', 'utils/os-format.ts'],
  sst: [
    'api/add-os-person-released.ts',
    'api/check-os-team.ts',
    'api/service-type-sst.ts',
    'components/os-sst-releases.tsx',
    'components/sst-release-modal.tsx',
    'components/sst-requirements-picker.tsx',
    'hooks/use-sst-gated-submit.ts',
  ],
};
const featureZones = fs
  .readdirSync(path.join(import.meta.dirname, WEB_FEATURES), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map(({ name }) => ({
    target: `./${WEB_FEATURES}/${name}`,
    from: `./${WEB_FEATURES}`,
    except: [
      `./${name}`,
      ...Object.entries(WEB_FEATURE_PUBLIC).flatMap(([other, files]) =>
        other === name ? [] : files.map((f) => `./${other}/${f}`),
      ),
    ],
    message:
      'Uma feature só importa de outra o que ela declara pública (WEB_FEATURE_PUBLIC no eslint.config.js); componha as duas em app/.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.data-test/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '**/*.local.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fastify plugins and handlers are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', ...NO_SESSION_ADVISORY_LOCK],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Text fields show the server's limit and a live count: components/text-fields.tsx.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['TextInput', 'Textarea'],
              message:
                'Use TextInput/Textarea de components/text-fields.tsx (limite e contagem no campo).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON bodies (any) all the time; the assertions are the type check there.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: DRIZZLE_ALLOWED,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: DRIZZLE_MESSAGE },
            { group: ['**/db/schema', '**/db/schema/*'], message: DRIZZLE_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.seed.ts', '**/*.fixtures.ts', '**/*test-kit.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_SESSION_ADVISORY_LOCK,
        ...BUILT_ONCE,
        ...SERVICES_WIRED_ONCE,
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_SESSION_ADVISORY_LOCK,
        ...BUILT_ONCE,
        {
          selector: 'CallExpression[callee.name=/^create\\w*Service$/]',
          message:
            'Serviços são montados uma vez em app/services.ts: registre-o em buildServices e use app.services.',
        },
      ],
    },
  },
  {
    files: [`${WEB_FEATURES}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: featureZones },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
