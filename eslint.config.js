// Lint: the architecture's boundaries, import cycles and React's hook rules, checked by tools
// (docs/decisions/0085-import-boundaries.md). Formatting is Prettier's job (`npm run format`).
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync, readFileSync, statSync } from 'node:fs';

// Every folder of client/src/features is a feature, read from the tree so a new one is fenced at once.
const features = readdirSync(new URL('./client/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The app shell: routes, providers, the frame, and the entries that start it on either side.
const clientApp = [
  './client/src/app',
  './client/src/entry-client.tsx',
  './client/src/entry-server.tsx',
  './client/src/boot.ts',
];

// The server's rooms (server/domains.json, docs/decisions/0115-server-rooms-by-domain.md): each domain a
// folder with its services and its routes/, lowest first. A domain uses the ones before it, never one
// after, so "where are lead prices decided?" has one answer (server/leads/pricing) and nothing loops
// back. Infrastructure is shared; app-level wiring (routes/index.ts, form pages) lives in server/routes.
const { domains: serverDomains, infrastructure: serverInfrastructure } = JSON.parse(
  readFileSync(new URL('./server/domains.json', import.meta.url), 'utf8'),
);
const unplaced = readdirSync(new URL('./server/', import.meta.url), { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && !serverDomains.includes(entry.name) && !serverInfrastructure.includes(entry.name),
  )
  .map((entry) => entry.name);
if (unplaced.length)
  throw new Error(
    `server/${unplaced[0]} is neither a domain nor infrastructure: add it to serverDomains or serverInfrastructure in eslint.config.js`,
  );
const domainServices = serverDomains.flatMap((d) => [
  `./server/${d}/*.{ts,tsx}`,
  `./server/${d}/!(routes)/**/*.{ts,tsx}`,
]);
const routeFolders = ['./server/routes', ...serverDomains.map((d) => `./server/${d}/routes`)];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      '.data-*/**',
      'node_modules/**',
      '.data/**',
      'playwright-report/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}', 'server/**/*.{ts,tsx}', 'shared/**/*.ts'],
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] }),
        // The path aliases of tsconfig.json, spelled out so no extra resolver is needed.
        {
          interfaceVersion: 3,
          name: 'aliases',
          resolve(source) {
            const alias = [
              ['@/', 'client/src/'],
              ['@shared/', 'shared/'],
              ['@server/', 'server/'],
            ].find(([prefix]) => source.startsWith(prefix));
            if (!alias) return { found: false };
            const base = new URL(alias[1] + source.slice(alias[0].length), new URL('./', import.meta.url)).pathname;
            for (const ext of ['.ts', '.tsx', '/index.ts', '/index.tsx', '']) {
              try {
                if (statSync(base + ext).isFile()) return { found: true, path: base + ext };
              } catch {}
            }
            return { found: false };
          },
        },
      ],
    },
    rules: {
      // Type-only cycles count too: they still tie the modules' designs together.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client', from: './server', message: 'The client never imports server code.' },
            {
              target: './shared',
              from: ['./server', './client'],
              message: 'shared/ is used by both sides and imports neither.',
            },
            ...routeFolders.map((target) => ({
              target,
              from: './server/db',
              message: 'Routes go through services, never the database.',
            })),
            ...domainServices.map((target) => ({
              target,
              from: ['./server/http', './server/render', ...routeFolders],
              message: 'Services speak the domain, not HTTP or rendering.',
            })),
            ...serverDomains.slice(0, -1).map((d, i) => ({
              target: `./server/${d}`,
              from: serverDomains.slice(i + 1).map((later) => `./server/${later}`),
              message: `server/${d} comes before ${serverDomains.slice(i + 1).join(', ')}: it may not use them (serverDomains in eslint.config.js).`,
            })),
            {
              target: './server/domain',
              from: [
                './server/http',
                './server/render',
                './server/routes',
                './server/db',
                ...serverDomains.map((d) => `./server/${d}`),
              ],
              message: 'Domain errors depend on nothing.',
            },
            // The client's layers, one way down (docs/decisions/0120-client-layers.md): app -> features -> components, lib -> shared.
            {
              target: './client/src/features',
              from: clientApp,
              message:
                'Features never import the app shell: what they share lives in components/, lib/ or shared/, and the shell hands it down (a context in lib/).',
            },
            {
              target: ['./client/src/components', './client/src/lib'],
              from: ['./client/src/features', ...clientApp],
              message: 'components/ and lib/ are used by features and the app, and import neither.',
            },
            ...features.map((f) => ({
              target: `./client/src/features/${f}`,
              from: `./client/src/features/!(${f})/**/*`,
              except: ['**/index.ts'],
              message: 'Features import each other only through their public entry (features/NAME/index.ts).',
            })),
          ],
        },
      ],
    },
  },
  {
    // The app's time is ctx.clock, which tests move (docs/decisions/0092-services-take-ctx.md): no
    // service, job, route or directory code reads the system clock itself, nor defaults a parameter
    // to it. Where the wall clock is really meant (a duration, a window), disable the line and say why.
    files: [
      ...serverDomains.map((d) => `server/${d}/**/*.ts`),
      'server/jobs/**/*.ts',
      'server/routes/**/*.ts',
      'server/directory/**/*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Read the time from ctx.clock (now() or today(ctx.clock)), not new Date().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time from ctx.clock, not Date.now(); a real duration disables this line and says why.',
        },
      ],
    },
  },
  {
    // The browser's county comes with the page (docs/decisions/0102-region-in-boot-data.md): client
    // code reads it with useRegion() or is handed it, never from a module compiled into the bundle.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shared/region',
              importNames: ['region', 'sullivanCounty'],
              message:
                "The county comes with the page: useRegion() (client/src/lib/region.tsx), or take it as an argument. Types and ALL ('@shared/all-choice') stay allowed.",
            },
          ],
          patterns: [
            {
              group: ['**/shared/region', '**/shared/region.ts'],
              importNames: ['region', 'sullivanCounty'],
              message:
                'The county comes with the page: useRegion() (client/src/lib/region.tsx), or take it as an argument.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.tsx', 'client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
