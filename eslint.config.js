// One flat config for the whole workspace. typescript-eslint needs the TypeScript 6 API, which is why
// the root installs TS 6 as `typescript` and TS 7 (`tsc`, the type checker) as `typescript7`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const remotes = ['mf-ordering', 'mf-documents', 'mf-admin'];
const apps = ['shell', ...remotes];
const webApps = [...apps, 'shared-ui'];
const services = ['gateway', 'identity-api', 'cart-api'];
const servicePackages = [...services, 'service-kit', 'shared-domain', 'api-contract', 'e2e', 'bench'];

/** The folders under `<app>/src/features/`, read at each run so a new feature is covered at once. */
function featuresOf(app) {
  try {
    return readdirSync(path.join(root, app, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * bulletproof-react's unidirectional flow, checked on resolved files (whatever the relative path):
 * shared code (components, hooks, lib, types) → features → app. A feature never imports another feature
 * nor the app; the shared folders import neither. The zones use absolute globs because the rule matches
 * `except` against the resolved path as it is.
 */
function featureZones(app) {
  const src = path.join(root, app, 'src');
  const features = featuresOf(app);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}/**`,
      from: `${src}/features/*/**`,
      except: [`${src}/features/${feature}/**`],
      message: `The feature '${feature}' does not import other features: move what both need to components/, hooks/ or lib/, or compose them in app/.`,
    })),
    {
      target: `${src}/features/**`,
      from: `${src}/app/**`,
      message: 'Features do not import the app: the app composes the features.',
    },
    {
      target: `${src}/{api,components,hooks,lib,types,utils}/**`,
      from: [`${src}/features/**`, `${src}/app/**`],
      message: 'Shared code does not import features or the app.',
    },
  ];
}

/**
 * cart-api's layers (issue 20; cart-api/README.md "Where a rule lives"): a route folder is thin over the
 * domain and never imports another route folder; the domain and the contract never import routes; the
 * contract (the TypeBox schemas of the HTTP answers) imports no domain module.
 */
function cartApiZones() {
  const src = path.join(root, 'cart-api', 'src');
  const routeFolders = readdirSync(path.join(src, 'routes'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...routeFolders.map((folder) => ({
      target: `${src}/routes/${folder}/**`,
      from: `${src}/routes/*/**`,
      except: [`${src}/routes/${folder}/**`],
      message: `The route folder '${folder}' does not import another route folder: what both need is a domain operation (src/domain/).`,
    })),
    {
      target: [
        `${src}/domain/**`,
        `${src}/contract/**`,
        `${src}/jobs/**`,
        `${src}/reminders/**`,
        `${src}/policies/**`,
        `${src}/demo/**`,
      ],
      from: `${src}/routes/**`,
      message:
        'Only app.ts imports routes: the domain, the contract, jobs, reminders, policies and the seed call domain operations.',
    },
    {
      target: `${src}/contract/**`,
      from: `${src}/domain/**`,
      message: 'The contract (HTTP schemas) does not import the domain: the domain may import the contract.',
    },
  ];
}

// The only ways into the shared packages (their package.json `exports`; `shared-ui/forms` is the form kit's
// entry point), and the packages a web app never imports: the other apps (a remote is loaded at runtime,
// never bundled) and anything server-side.
const sharedEntryPoints = {
  'shared-ui': [
    'shared-ui',
    'shared-ui/forms',
    'shared-ui/router',
    'shared-ui/bootstrap',
    'shared-ui/testing',
    'shared-ui/styles.css',
    'shared-ui/webpack',
  ],
  'shared-domain': ['shared-domain', 'shared-domain/forms', 'shared-domain/testing'],
  'service-kit': ['service-kit', 'service-kit/server', 'service-kit/tracing'],
};
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An import of `pkg` by name other than through one of its entry points. */
function deepImportPattern(pkg, entries) {
  return {
    regex: `^${escapeRegex(pkg)}(?!(?:${entries.map((entry) => escapeRegex(entry.slice(pkg.length))).join('|')})$)(/.*)?$`,
    message: `Import ${pkg} only through its entry points: ${entries.map((entry) => `'${entry}'`).join(', ')}.`,
  };
}

/** An import by name of one of `packages` (or a file inside it). */
function packagePattern(packages, message) {
  return { regex: `^(?:${packages.map(escapeRegex).join('|')})(?:/.*)?$`, message };
}

/** `facade`: the one shared-ui module allowed to import that library (router or bootstrap). */
function webAppImportPatterns(app, { facade } = {}) {
  const otherApps = apps.filter((other) => other !== app);
  return [
    ...(facade === 'router'
      ? []
      : [
          packagePattern(
            ['react-router', 'react-router-dom'],
            'Import the router from shared-ui/router: the one copy the shell shares, trimmed to what the apps use.',
          ),
        ]),
    ...(facade === 'bootstrap'
      ? []
      : [
          packagePattern(
            ['react-bootstrap'],
            "Import react-bootstrap's components from shared-ui/bootstrap: the one copy the shell shares.",
          ),
        ]),
    packagePattern(
      otherApps,
      app === 'shell'
        ? 'The shell never imports a remote: it loads remotes at runtime (loadRemote).'
        : remotes.includes(app)
          ? 'A remote never imports another remote or the shell: share code through shared-ui or shared-domain.'
          : 'shared-ui never imports an app.',
    ),
    packagePattern(
      [...services, 'service-kit'],
      'Server code never reaches the browser: use shared-domain (and the API client) instead.',
    ),
    deepImportPattern('shared-ui', sharedEntryPoints['shared-ui']),
    deepImportPattern('shared-domain', sharedEntryPoints['shared-domain']),
  ];
}

// The first segments of the screen paths (shared-ui/src/paths.ts; lint.test.mjs checks the two agree).
const screenSections = [
  'about',
  'forgot-password',
  'create-account',
  'first-time-setup',
  'auth',
  'logout',
  'verify-email',
  'invitation',
  'referral',
  'profile',
  'basket',
  'checkout',
  'orders',
  'tutorials',
  'document',
  'client',
  'admin',
];
// `\x2F` is '/': esquery's regex literals end at the first slash.
const screenPath = `^\\x2F(?:${screenSections.join('|')})(?:[\\x2F?#]|$)`;
const usePaths = 'Screen paths come from shared-ui: paths.basket(), paths.document(documentId), …';

/** A screen path written by hand: a string or template starting with a screen section, or '/' as a link. */
const useClient =
  "The domain API is called through shared-ui's generated client (apiClient.GET('/order', …)), never by a hand-written /api/ path.";
/** A hand-written `/api` path: the generated client (shared-ui/src/api/client.ts) alone knows the base. */
const literalApiPaths = [
  { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: useClient },
  { selector: 'TemplateLiteral > TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: useClient },
];

/**
 * An API path may begin like a screen (`client/{clientId}` and the /client page): an argument of
 * apiClient.X(), queryKey(), apiKey(), apiUrl() or useApi() is the generated client's, checked by its types instead.
 */
const apiPathArgument =
  ":matches(CallExpression[callee.object.name='apiClient'], CallExpression[callee.name=/^(queryKey|apiKey|apiUrl|useApi)$/]) > Literal.arguments";

const literalScreenPaths = [
  { selector: `Literal[value=/${screenPath}/]:not(${apiPathArgument})`, message: usePaths },
  { selector: `TemplateLiteral > TemplateElement[value.raw=/${screenPath}/]`, message: usePaths },
  {
    selector: `:matches(JSXAttribute[name.name=/^(to|href)$/], Property[key.name=/^(to|href)$/], CallExpression[callee.name='navigate']) Literal[value='/']`,
    message: `${usePaths} (paths.home())`,
  },
  {
    selector: `JSXOpeningElement[name.name='Route'] > JSXAttribute[name.name='path'] Literal[value!='*']`,
    message:
      "Route paths come from shared-ui's patterns: patterns.basket, below(patterns.documentPages, patterns.documentNdt), …",
  },
];

/**
 * A day cut from a UTC timestamp is the wrong day from 7 pm New York time (issue 20): the product's
 * calendar is shared-domain's time module (productDay, productToday, addDays, calendarDayOf).
 */
const isoDaySlice = {
  selector:
    "CallExpression[callee.property.name='slice'][callee.object.type='CallExpression'][callee.object.callee.property.name='toISOString']",
  message:
    "toISOString().slice(0, 10) is a UTC day: use shared-domain's time module (productDay, productToday, addDays, calendarDayOf).",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Generated by api-contract from the APIs' OpenAPI document.
      'shared-ui/src/api/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: webApps.map((app) => `${app}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Imports are resolved as TypeScript resolves them (each package's tsconfig, `.js` → `.ts`).
    // Package sources only: the packages' tool configs (jest.config.js) share the root's on purpose.
    files: ['*/{src,test,tests,scripts}/**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips .ts files when it follows imports (no-cycle would see nothing).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: path.join(root, '*/tsconfig.json'),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Another package is reached by its name (and so through its entry points), never by `../../pkg/src`.
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    // A test file is a leaf (nothing imports it), so it cannot close a cycle: skipping it halves the cost.
    files: ['*/{src,test,tests,scripts}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/tests/**'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: webApps.map((app) => `${app}/src/**/*.{ts,tsx}`),
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webApps.flatMap(featureZones) }],
    },
  },
  {
    files: ['cart-api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: cartApiZones() }],
    },
  },
  ...webApps.map((app) => ({
    files: [`${app}/**/*.{ts,tsx,js,mjs}`],
    rules: { 'no-restricted-imports': ['error', { patterns: webAppImportPatterns(app) }] },
  })),
  ...['router', 'bootstrap'].map((facade) => ({
    files: [`shared-ui/src/${facade}.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: webAppImportPatterns('shared-ui', { facade }) }],
    },
  })),
  {
    files: servicePackages.map((pkg) => `${pkg}/**/*.{ts,tsx,js,mjs}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packagePattern([...apps, 'shared-ui'], 'Services never import the browser apps.'),
            ...Object.entries(sharedEntryPoints).map(([pkg, entries]) => deepImportPattern(pkg, entries)),
          ],
        },
      ],
    },
  },
  {
    // shared-domain runs in the browser too: no Node built-in, no server package (those live in
    // service-kit/server). Its testing entry point is Node-only by name.
    files: ['shared-domain/src/**/*.ts'],
    ignores: ['shared-domain/src/testing/**', 'shared-domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            packagePattern([...apps, 'shared-ui'], 'Services never import the browser apps.'),
            ...Object.entries(sharedEntryPoints).map(([pkg, entries]) => deepImportPattern(pkg, entries)),
            {
              regex: '^(?:node:.*|fs|path|os|crypto|net|http|https|child_process|stream|url|util)(?:/.*)?$',
              message: 'shared-domain runs in the browser: Node built-ins belong in service-kit/server.',
            },
            packagePattern(
              [...services, 'service-kit', 'kysely', 'pg', 'better-sqlite3', 'nodemailer', 'fastify'],
              'shared-domain runs in the browser: server code belongs in service-kit/server.',
            ),
          ],
        },
      ],
    },
  },
  {
    // The one module that may turn an instant into a day (and its test, which shows the UTC day is wrong).
    files: ['*/{src,test,tests,scripts}/**/*.{ts,tsx,js,mjs}'],
    ignores: ['shared-domain/src/time.ts', 'shared-domain/src/time.test.ts'],
    rules: { 'no-restricted-syntax': ['error', isoDaySlice] },
  },
  {
    files: webApps.map((app) => `${app}/src/**/*.{ts,tsx}`),
    ignores: [
      '**/*.test.{ts,tsx}',
      '*/src/testing/**',
      'shared-ui/src/paths.ts',
      'shared-ui/src/api/client.ts',
      // API paths (the generated client's), not screen paths.
      'shared-ui/src/api/types.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...literalScreenPaths, ...literalApiPaths, isoDaySlice] },
  },
);
