/**
 * Helpers for the Notion sandbox suites: a sandbox per file and official clients pointed at
 * it — `@notionhq/client` 2.x at Notion-Version 2022-06-28, and 5.x (`@notionhq/client-v5`)
 * at 2026-03-11.
 */
import { APIResponseError, Client, LogLevel } from '@notionhq/client';
import {
  APIResponseError as CurrentAPIResponseError,
  Client as CurrentClient,
  LogLevel as CurrentLogLevel,
} from '@notionhq/client-v5';
import { expect } from 'vitest';
import {
  SEED_IDS,
  startNotionSandbox,
  type NotionSandboxOptions,
} from '../../../supabase/local/sandboxes/notion/index.ts';

export { SEED_IDS };
export const DB = SEED_IDS.databases;
export const PEOPLE_PAGE = (key: string) => SEED_IDS.page(DB.people, key);

export async function startSandbox(options: NotionSandboxOptions = {}) {
  return startNotionSandbox({ rateLimit: false, ...options });
}

/** The official client as Sidenote configures it (default version 2022-06-28). */
export function notionClient(url: string, auth: string | undefined): Client {
  return new Client({ auth, baseUrl: url, logLevel: LogLevel.ERROR, logger: () => undefined });
}

/** The 5.x client at Notion-Version 2026-03-11 (data sources). */
export function currentNotionClient(url: string, auth: string): CurrentClient {
  return new CurrentClient({
    auth,
    baseUrl: url,
    notionVersion: '2026-03-11',
    logLevel: CurrentLogLevel.ERROR,
    logger: () => undefined,
  });
}

/** What a call rejects with, when `isError` says it is an SDK's APIResponseError (else the test fails). */
async function rejection<E>(call: Promise<unknown>, isError: (error: unknown) => error is E): Promise<E> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isError(error), `expected an APIResponseError, got ${String(error)}`).toBe(true);
  return error as E;
}

/** The 2.x APIResponseError a call rejects with. */
export const apiError = (call: Promise<unknown>) => rejection(call, APIResponseError.isAPIResponseError);

/** The 5.x APIResponseError a call rejects with. */
export const currentApiError = (call: Promise<unknown>) => rejection(call, CurrentAPIResponseError.isAPIResponseError);

/** Notion's refusal of a 2022-06-28 call on a database with more than one data source. */
export const MULTI_SOURCE = 'Databases with multiple data sources are not supported in this API version.';

/** The raw HTTP answer of a request the SDK would not send (bad headers, unknown paths). */
export async function rawRequest(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${url}${path}`, init);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

export const NOTION_VERSION_HEADER = { 'notion-version': '2022-06-28' };
