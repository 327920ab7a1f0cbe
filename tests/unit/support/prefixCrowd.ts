/**
 * The crowd of issue 13: a Notion sandbox database where one real person's slug (`john`) is
 * the prefix of `crowd` others (`john-1`…), the real page the OLDEST — so every "newest first"
 * read meets the others before it. Shared by the test that asserts the lookup finds it
 * (tests/unit/capture-lookup-crowd.test.ts) and the benchmark that counts its requests
 * (tests/bench/lookup.bench.ts). Pages are made through the sandbox's HTTP API, as Notion
 * would have them.
 */
import { createNotionClient, type NotionClient } from '../../../src/data/notion/client.ts';
import type { ProfileDatabase } from '../../../src/data/notion/profilePages.ts';
import { SEED_IDS, type NotionSandbox } from '../../../supabase/local/sandboxes/notion/index.ts';

/** A client for the sandbox as the app's proxy would forward it (x-notion-key → bearer + version). */
export function sandboxClient(sandbox: NotionSandbox): NotionClient {
  return createNotionClient({
    accessToken: async () => null,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${headers.get('x-notion-key') ?? ''}`);
      headers.set('notion-version', '2022-06-28');
      headers.delete('x-notion-key');
      return fetch(`${sandbox.url}${String(input).replace(/^\/api\/notion\/v1/, '/v1')}`, { ...init, headers });
    },
  });
}

export async function peopleDatabase(client: NotionClient, sandbox: NotionSandbox): Promise<ProfileDatabase> {
  const db = await client.database(sandbox.demoKey, SEED_IDS.databases.people);
  const id = (name: string) => db.properties.find((p) => p.name === name)!.id;
  return {
    notionKey: sandbox.demoKey,
    databaseId: SEED_IDS.databases.people,
    mapping: { profileUrl: id('LinkedIn URL'), fullName: id('Name') },
  };
}

/**
 * Saves `slug` (stored as `storedUrl`) first, then `crowd` pages `<slug>-1`… after it, 20 at a
 * time; returns the real page's id.
 */
export async function saveCrowd(
  client: NotionClient,
  target: ProfileDatabase,
  { slug, storedUrl, crowd }: { slug: string; storedUrl: string; crowd: number },
): Promise<string> {
  const save = (name: string, url: string) =>
    client.createPage(target.notionKey, {
      parent: { database_id: target.databaseId },
      properties: {
        [target.mapping.fullName!]: { title: [{ type: 'text', text: { content: name } }] },
        [target.mapping.profileUrl!]: { url },
      },
    });
  const real = await save(slug, storedUrl);
  await new Promise((resolve) => setTimeout(resolve, 5)); // every other page is created and edited later
  for (let start = 1; start <= crowd; start += 20) {
    const batch = Array.from({ length: Math.min(20, crowd - start + 1) }, (_, i) => start + i);
    await Promise.all(batch.map((n) => save(`${slug} ${n}`, `https://www.linkedin.com/in/${slug}-${n}`)));
  }
  return real.id;
}
