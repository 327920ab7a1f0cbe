import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layers (ARCHITECTURE.md §2, §4): app → features → data → domain; ui is used by app and
 * features; sw uses data and domain only. Each folder lists the folders it must not import;
 * an import specifier naming one of them (`../../app/x.ts`, `../src/features/…`) fails — our
 * layer folder names are used nowhere else in src/ or sw/, which keeps this exact.
 */
const LAYER_OF = {
  'src/domain': { forbidden: ['app', 'features', 'data', 'ui', 'sw'], may: 'only domain' },
  'src/data': { forbidden: ['app', 'features', 'ui', 'sw'], may: 'data and domain' },
  'src/ui': { forbidden: ['app', 'features', 'data', 'sw'], may: 'ui and domain' },
  'src/features': { forbidden: ['app', 'sw'], may: 'features, data, domain and ui' },
  'src/app': { forbidden: ['sw'], may: 'app, features, data, domain and ui' },
  sw: { forbidden: ['app', 'features', 'ui'], may: 'data and domain' },
};

/**
 * Route paths are spelled only in the route table (src/domain/routing/routes.ts): a string
 * or template starting with one of the spec's route paths (spec 1 §2, spec 2 §2) — or `/?`,
 * Root's query — fails anywhere else in src/ and sw/. tests/unit/layer-lint.test.ts checks
 * that every path of the table is caught here.
 */
const ROUTE_STRING =
  '^/(\\?|(login|register|reset-password|update-password|auth/callback|profile|account|notion-settings|go-back-settings|new-setting|missing-context|not-linked-in|unused-linked-in|confirmed|notion-profile|follow-ups|admin|cache-debug|linkedin-api-test|linkedin-api-security-test|number-format-test|stripe-test)(?![\\w-]))';
const ROUTE_TABLE = 'src/domain/routing/routes.ts';
/** An esquery selector's regex ends at its first `/`: spell slashes as \x2F there. */
const inSelector = (regex) => regex.replaceAll('/', '\\x2F');
const ROUTE_MESSAGE = `Route paths live in the route table (${ROUTE_TABLE}): use routes.<id>(…) or ROUTES.<id>.path.`;
const routeStrings = [
  { selector: `Literal[value=/${inSelector(ROUTE_STRING)}/]`, message: ROUTE_MESSAGE },
  { selector: `TemplateElement[value.raw=/${inSelector(ROUTE_STRING)}/]`, message: ROUTE_MESSAGE },
];

const layerRules = (folder, { forbidden, may }, checkRoutes) => {
  const named = `(^|/)(${forbidden.join('|')})/`;
  const message = `${folder} may import ${may} (layers: app → features → data → domain; ui for app and features; sw → data, domain).`;
  return {
    files: [`${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: named, message }] }],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${inSelector(named)}/]`, message },
        ...(checkRoutes ? routeStrings : []),
      ],
    },
  };
};

export default tseslint.config(
  { ignores: ['dist', 'dist-extension', 'node_modules', '.local', 'dev-dist', 'supabase/functions'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // The extension shares the app's pure core (domain: the protocol, the LinkedIn URL rule), nothing else.
    files: ['extension/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(app|features|data|ui)/|(^|/)sw/',
              message: 'extension/ may import the app only from src/domain (shared pure modules).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['supabase/local/**/*.ts', 'tools/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...Object.entries(LAYER_OF).map(([folder, layer]) => layerRules(folder, layer, true)),
  { ...layerRules('src/domain', LAYER_OF['src/domain'], false), files: [ROUTE_TABLE] },
  {
    files: ['src/main.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...routeStrings] },
  },
);
