/**
 * Helpers for the Notion sandbox suites: a sandbox per file and official clients
 * (`@notionhq/client`, pinned to Notion-Version 2022-06-28) pointed at it.
 */
import { APIResponseError, Client, LogLevel } from '@notionhq/client';
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

/** The APIResponseError a call rejects with (fails the test if it resolves or throws something else). */
export async function apiError(call: Promise<unknown>): Promise<APIResponseError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(APIResponseError.isAPIResponseError(error), `expected an APIResponseError, got ${String(error)}`).toBe(true);
  return error as APIResponseError;
}

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
