/**
 * The demo account opens on the main job (issue 30): once `npm start`'s stack is up, the seeded
 * demo user gets the demo Notion workspace (the sandbox's demo key, linked by
 * create_workspace_with_association as the wizard links it) and an active setting "Demo CRM" on
 * its "CRM People" data source with the mapping the wizard would suggest — so after sign-in the
 * harness's first fixture shows a verdict at once. It is done as the demo user, through the API
 * and its row-level security, and only when the demo user has no setting yet: a restart (the
 * data kept in .local) or a setting the user made is left alone. The wizard stays for a second
 * setting. Browser tests give their users an active setting with saveActiveSetting, as the
 * wizard would make it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { SEED_IDS } from '../../supabase/local/sandboxes/notion/index.ts';
import {
  settingColumns,
  withTitleMapped,
  type DatabaseProperty,
  type Mapping,
} from '../../src/domain/settings/mapping.ts';
import { suggestedMapping } from '../../src/domain/settings/suggestedMapping.ts';
import { asDemoUser } from './demoSession.ts';

export const DEMO_SETTING_NAME = 'Demo CRM';
const NOTION_VERSION = '2026-03-11';

interface Stack {
  apiUrl: string;
  anonKey: string;
  notionUrl: string;
  demoKey: string;
}

/** GET from the Notion sandbox with the demo key. */
async function notionGet(stack: Stack, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.notionUrl}/v1${path}`, {
    headers: { authorization: `Bearer ${stack.demoKey}`, 'notion-version': NOTION_VERSION },
  });
  if (!response.ok) throw new Error(`demo setting: Notion GET ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const must = <T>({ data, error }: { data: T; error: unknown }, what: string): NonNullable<T> => {
  if (error || data === null || data === undefined) {
    throw new Error(`demo setting: ${what} failed: ${JSON.stringify(error)}`);
  }
  return data;
};

/** Gives the demo user its workspace and active setting unless it has a setting already; answers whether it did. */
export function ensureDemoSetting(stack: Stack): Promise<boolean> {
  return asDemoUser(stack, async (client, authId) => {
    const profile = must(
      await client.from('profiles').select('id').eq('auth_id', authId).single(),
      'reading the profile',
    );
    const settings = must(await client.from('settings').select('id').eq('user_id', profile.id), 'reading settings');
    if (settings.length > 0) return false;
    await saveActiveSetting(client, stack, { name: DEMO_SETTING_NAME });
    return true;
  });
}

export interface ActiveSettingOptions {
  name: string;
  /** The mapping from the data source's properties; default the one the wizard suggests. */
  mapping?: (properties: DatabaseProperty[]) => Mapping;
}

/**
 * As `client`'s signed-in user (its account set up): links the sandbox's demo workspace as the
 * wizard links it and saves an active setting on its "CRM People" data source, through the API
 * and its row-level security. Answers the setting's id.
 */
export async function saveActiveSetting(
  client: SupabaseClient,
  stack: Stack,
  { name, mapping = (properties) => withTitleMapped(suggestedMapping(properties), properties) }: ActiveSettingOptions,
): Promise<string> {
  const { data } = await client.auth.getUser();
  if (!data.user) throw new Error('demo setting: the client is not signed in');
  const profile = must(
    await client.from('profiles').select('id').eq('auth_id', data.user.id).single(),
    'reading the profile',
  );
  const me = (await notionGet(stack, '/users/me')) as { id: string; name: string; bot: { workspace_name: string } };
  const created = must(
    await client.rpc('create_workspace_with_association', {
      notion_key: stack.demoKey,
      notion_workspace_id: me.id, // as the wizard links it (src/features/settings/workspaceActions.ts)
      workspace_name: me.bot.workspace_name || me.name,
      notion_key_name: me.name,
      auth_user_id: data.user.id,
    }),
    'linking the workspace',
  ) as { success: boolean; new_workspace: { id: string } | null; error: string | null };
  if (!created.success || !created.new_workspace) throw new Error(`demo setting: ${created.error}`);

  const source = (await notionGet(stack, `/data_sources/${SEED_IDS.dataSources.people}`)) as {
    properties: Record<string, DatabaseProperty>;
  };
  const setting = must(
    await client
      .from('settings')
      .insert({
        user_id: profile.id,
        name,
        workspace_id: created.new_workspace.id,
        notion_db_id: SEED_IDS.databases.people,
        notion_data_source_id: SEED_IDS.dataSources.people,
        ...settingColumns(mapping(Object.values(source.properties))),
        health: 'Healthy',
      })
      .select('id')
      .single(),
    'saving the setting',
  );
  must(
    await client.from('profiles').update({ active_setting_id: setting.id }).eq('id', profile.id).select('id').single(),
    'activating the setting',
  );
  return setting.id as string;
}
