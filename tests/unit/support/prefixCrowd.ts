/**
 * The crowd of issue 13: a Notion sandbox database where one real person's slug (`john`) is
 * the prefix of `crowd` others (`john-1`…), the real page the OLDEST — so every "newest first"
 * read meets the others before it. Shared by the test that asserts the lookup finds it
 * (tests/unit/capture-lookup-crowd.test.ts) and the benchmark that counts its requests
 * (tests/bench/lookup.bench.ts). Pages are made through the sandbox's HTTP API, as Notion
 * would have them.
 */
import type { NotionClient } from '../../../src/data/notion/client.ts';
import type { ProfileDatabase } from '../../../src/data/notion/profilePages.ts';
import { SEED_IDS } from '../../../supabase/local/sandboxes/notion/index.ts';
import { DEMO_WORKSPACE } from './sandboxProxy.ts';

export async function peopleDatabase(client: NotionClient): Promise<ProfileDatabase> {
  const db = await client.dataSource(DEMO_WORKSPACE, SEED_IDS.dataSources.people);
  const id = (name: string) => db.properties.find((p) => p.name === name)!.id;
  return {
    workspaceId: DEMO_WORKSPACE,
    databaseId: SEED_IDS.databases.people,
    dataSourceId: SEED_IDS.dataSources.people,
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
    client.createPage(target.workspaceId, {
      parent: { data_source_id: target.dataSourceId },
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
