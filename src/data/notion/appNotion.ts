/** The app's Notion client: the browser's fetch and the current Supabase session's token. */
import { supabase } from '../supabase/client.ts';
import { createNotionClient } from './client.ts';

export const notion = createNotionClient({
  fetch: (input, init) => fetch(input, init),
  accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
});
