/**
 * `npm run bench:lighthouse`: Lighthouse (12.2.3, the last release that runs on Node 20) on the
 * production build, Chromium from Debian, desktop and mobile, performance and accessibility, for
 * the login screen (signed out) and, signed in as a capturing user, the capture screen and the
 * page screen. Lighthouse drives the same Chromium as Playwright (its default context, so it
 * finds the session in localStorage; storage is not reset between runs).
 *
 * A figures script: prints a table and a JSON line; asserts nothing. Scores move with the
 * machine's load (mobile simulates a slow CPU on top of it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import { CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { capturingUser } from '../e2e/support/capture.ts';
import { startTestApp } from '../e2e/support/app.ts';
import { freePort } from '../e2e/support/start-process.ts';

async function main() {
  delete process.env.SIDENOTE_TEST_DATABASE_URL;
  const app = await startTestApp({ sandboxes: true });
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'sidenote-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--no-sandbox'],
  });
  const rows: Record<string, string | number>[] = [];
  try {
    const measure = async (screen: string, path: string) => {
      for (const formFactor of ['desktop', 'mobile'] as const) {
        const result = await lighthouse(
          `${app.appUrl}${path}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        const categories = result!.lhr.categories;
        rows.push({
          screen,
          formFactor,
          performance: Math.round((categories.performance.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
          lcp_ms: Math.round(result!.lhr.audits['largest-contentful-paint'].numericValue ?? 0),
          failed_a11y: Object.values(result!.lhr.audits)
            .filter(
              (audit) => audit.score === 0 && categories.accessibility.auditRefs.some((ref) => ref.id === audit.id),
            )
            .map((audit) => audit.id)
            .join(' '),
        });
      }
    };
    await measure('login', '/login');
    const page = await context.newPage();
    await capturingUser(page, app, 'lighthouse');
    await measure('capture', '/');
    await measure('page', `/notion-profile?id=${SEED_IDS.page(SEED_IDS.databases.people, 'sam')}`);
    console.table(rows);
    console.log(JSON.stringify({ bench: 'lighthouse', rows }));
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
