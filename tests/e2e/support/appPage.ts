/**
 * What most browser test files open first and close last: the app (support/app.ts), a fresh
 * browser context (support/browser.ts) and one page in it.
 */
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { launchBrowser, type BrowserOptions, type TestBrowser } from './browser.ts';

export interface AppPage {
  app: TestApp;
  browser: TestBrowser;
  page: Page;
  /** Closes the context, then hands the app back as it was found (TestApp.stop). */
  close(): Promise<void>;
}

export async function openAppPage(
  appOptions: TestAppOptions = {},
  browserOptions: BrowserOptions = {},
): Promise<AppPage> {
  const app = await startTestApp(appOptions);
  let browser: TestBrowser | undefined;
  try {
    browser = await launchBrowser(browserOptions);
    const page = await browser.context.newPage();
    const opened = browser;
    return {
      app,
      browser: opened,
      page,
      async close() {
        await opened.close();
        await app.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await app.stop();
    throw error;
  }
}
