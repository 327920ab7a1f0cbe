/**
 * notion-proxy's part, played in-process for tests and benches that drive the app's Notion
 * client (src/data/notion/client.ts) straight against the Notion sandbox: the app names a
 * workspace (`x-sidenote-workspace`), the proxy sends that workspace's key as bearer with the
 * Notion-Version. Here DEMO_WORKSPACE stands for the sandbox's demo key; any other workspace
 * reaches the sandbox without a key (401, as a workspace the caller is not in is refused).
 */
import { createNotionClient, type NotionClient } from '../../../src/data/notion/client.ts';
import type { NotionSandbox } from '../../../supabase/local/sandboxes/notion/index.ts';

/** The saved workspace of the demo key, as the app names it to the proxy. */
export const DEMO_WORKSPACE = '00000000-0000-4000-8000-0000000000de';

/** Sees each request before it leaves (its app-side path and init); may throw to fail it. */
export type Observe = (path: string, init: RequestInit | undefined) => void;

/** A fetch that forwards the app's `/api/notion/v1/…` calls to the sandbox as the proxy would. */
export function sandboxProxyFetch(sandbox: NotionSandbox, observe?: Observe): typeof fetch {
  return (input, init) => {
    observe?.(String(input), init);
    const headers = new Headers(init?.headers);
    const key = headers.get('x-sidenote-workspace') === DEMO_WORKSPACE ? sandbox.demoKey : '';
    headers.delete('x-sidenote-workspace');
    headers.set('authorization', `Bearer ${key}`);
    headers.set('notion-version', '2026-03-11');
    return fetch(`${sandbox.url}${String(input).replace(/^\/api\/notion\/v1/, '/v1')}`, { ...init, headers });
  };
}

/** The app's Notion client, through the stand-in proxy. */
export function sandboxClient(sandbox: NotionSandbox, observe?: Observe): NotionClient {
  return createNotionClient({ accessToken: async () => null, fetch: sandboxProxyFetch(sandbox, observe) });
}
