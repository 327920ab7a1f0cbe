/**
 * The lint guards of the house plan (docs/architecture.md §2), run through ESLint's Node API with
 * the repository's eslint.config.js: a wrong import between layers fails, and so does a route
 * path spelled outside the route table — for every path of the table.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';
import { ROUTE_IDS, ROUTES } from '../../src/domain/routing/routes.ts';

const eslint = new ESLint({ cwd: process.cwd() });

// The configuration and the TypeScript parser load on the first lint (seconds on a loaded
// machine): once here, so each test's time is its own lint.
beforeAll(() => eslint.lintText('', { filePath: 'src/Probe.tsx' }), 60_000);

/** The rule ids that fire on `code` as if it were the file `filePath`. */
async function rulesFiring(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('layers: app → features → data → domain; ui for app and features; sw → data, domain', () => {
  test.each([
    ['src/features/capture/Probe.tsx', "import { Header } from '../../app/Header.tsx';\nexport { Header };"],
    [
      'src/features/settings/wizard/Probe.tsx',
      "import type { Access } from '../../../app/guards.tsx';\nexport { Access };",
    ],
    ['src/features/auth/Probe.ts', "export { AppRoutes } from '../../app/router.tsx';"],
    ['src/data/db/Probe.ts', "import { useSession } from '../../features/auth/session.tsx';\nexport { useSession };"],
    ['src/data/db/Probe.ts', "import { Button } from '../../ui/Button.tsx';\nexport { Button };"],
    ['src/domain/capture/Probe.ts', "import { db } from '../../data/db/schema.ts';\nexport { db };"],
    ['src/domain/Probe.ts', "import { ErrorMessage } from '../ui/ErrorMessage.tsx';\nexport { ErrorMessage };"],
    ['src/ui/Probe.tsx', "import { db } from '../data/db/schema.ts';\nexport { db };"],
    ['sw/Probe.ts', "import { RootScreen } from '../src/features/capture/RootScreen.tsx';\nexport { RootScreen };"],
    ['sw/Probe.ts', "import { ErrorMessage } from '../src/ui/ErrorMessage.tsx';\nexport { ErrorMessage };"],
    ['extension/Probe.ts', "export { db } from '../src/data/db/schema.ts';"],
    ['extension/scrape/Probe.ts', "export { RootScreen } from '../../src/features/capture/RootScreen.tsx';"],
  ])('%s: %s fails', async (filePath, code) => {
    expect(await rulesFiring(filePath, code)).toEqual(['no-restricted-imports']);
  });

  test('a dynamic import across a layer fails too', async () => {
    const code = "export const load = () => import('../../app/router.tsx');";
    expect(await rulesFiring('src/features/capture/Probe.ts', code)).toEqual(['no-restricted-syntax']);
  });

  test.each([
    ['src/app/Probe.tsx', "export { RootScreen } from '../features/capture/RootScreen.tsx';"],
    ['src/app/Probe.tsx', "export { ErrorMessage } from '../ui/ErrorMessage.tsx';"],
    ['src/features/capture/Probe.ts', "export { db } from '../../data/db/schema.ts';"],
    ['src/features/capture/Probe.ts', "export { ErrorMessage } from '../../ui/ErrorMessage.tsx';"],
    ['src/data/db/Probe.ts', "export { PRODUCT_NAME } from '../../domain/product.ts';"],
    ['sw/Probe.ts', "export { db } from '../src/data/db/schema.ts';"],
    ['extension/Probe.ts', "export { appMessage } from '../src/domain/extension/protocol.ts';"],
  ])('%s: %s is allowed', async (filePath, code) => {
    expect(await rulesFiring(filePath, code)).toEqual([]);
  });
});

describe('route paths only in the route table', () => {
  const spelled = ROUTE_IDS.map((id) => ROUTES[id].path).filter((path) => path !== '/');

  test.each(spelled)('%s as a string in src/features fails', async (path) => {
    expect(await rulesFiring('src/features/capture/Probe.ts', `export const to = '${path}';`)).toEqual([
      'no-restricted-syntax',
    ]);
  });

  test.each(spelled)('%s at the start of a template in src/app fails', async (path) => {
    const code = `export const to = (q: string) => \`${path}?\${q}\`;`;
    expect(await rulesFiring('src/app/Probe.ts', code)).toEqual(['no-restricted-syntax']);
  });

  test.each([
    ['src/features/auth/Probe.tsx', 'export const L = () => <a href="/login">Sign in</a>;'],
    ['src/features/capture/Probe.ts', 'export const to = (u: string) => `/?url=${u}`;'],
    ['src/features/auth/Probe.ts', 'export const to = (origin: string) => `${origin}/update-password`;'],
    ['src/data/db/Probe.ts', "export const to = '/notion-profile?id=1';"],
    ['sw/Probe.ts', "export const to = '/missing-context';"],
  ])('%s: %s fails', async (filePath, code) => {
    expect(await rulesFiring(filePath, code)).toEqual(['no-restricted-syntax']);
  });

  test.each([
    "export const api = '/api/notion/v1';",
    "export const profiles = '/profiles';",
    "export const li = 'https://www.linkedin.com/in/jane-doe';",
    "import { routes } from '../../domain/routing/routes.ts';\nexport const to = routes.login();",
  ])('%s is allowed', async (code) => {
    expect(await rulesFiring('src/features/capture/Probe.ts', code)).toEqual([]);
  });

  test('the route table itself may spell them', async () => {
    expect(await rulesFiring('src/domain/routing/routes.ts', "export const login = '/login';")).toEqual([]);
  });
});
