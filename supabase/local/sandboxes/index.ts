/**
 * The outside world on one machine: starts the Notion, profile-data and Slack sandboxes for
 * the local stack and tells the edge functions where they are. Each sandbox is a small HTTP
 * server of its own (free ports); its state and keys are kept under `<dataDir>/sandboxes`, so
 * the demo Notion key and the profile-data key stay the same across restarts.
 *
 * What must stay true: the function variables returned here are defaults — a real key or
 * webhook in `supabase/functions/.env` wins over them (see functions/environment.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { knobsFromEnv, startNotionSandbox, type NotionSandbox } from './notion/index.ts';
import { newRapidApiKey, startProfileDataSandbox } from './profile-data/index.ts';
import { startSlackSink } from './slack/index.ts';

export interface SandboxesInfo {
  /**
   * The Notion sandbox (in process only): its request log lets tests count what the app sent;
   * `addDataSource` gives a database a second data source, as a user does in Notion;
   * `configure` changes its rate limit, latency and injected failures while it runs.
   */
  notion: { url: string; demoKey: string } & Pick<
    NotionSandbox,
    'requestLog' | 'clearRequestLog' | 'addDataSource' | 'configure'
  >;
  profileData: { url: string; key: string };
  slack: { url: string };
}

export interface RunningSandboxes {
  info: SandboxesInfo;
  /** Defaults for the edge functions' environment. */
  functionEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** The profile-data key, made once per data folder. */
async function persistentKey(file: string): Promise<string> {
  const saved = await readFile(file, 'utf8').catch(() => '');
  if (saved.trim()) return saved.trim();
  const key = newRapidApiKey();
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

export async function startSandboxes(options: { dataDir: string; host: string }): Promise<RunningSandboxes> {
  const dir = join(options.dataDir, 'sandboxes');
  await mkdir(dir, { recursive: true });
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const notion = await startNotionSandbox({ dataDir: dir, host: options.host, ...knobsFromEnv(process.env) });
    started.push(notion);
    const profileData = await startProfileDataSandbox({
      host: options.host,
      key: await persistentKey(join(dir, 'profile-data-key')),
    });
    started.push(profileData);
    const slack = await startSlackSink({ host: options.host });
    started.push(slack);
    return {
      info: {
        notion: {
          url: notion.url,
          demoKey: notion.demoKey,
          requestLog: () => notion.requestLog(),
          clearRequestLog: () => notion.clearRequestLog(),
          addDataSource: (...args) => notion.addDataSource(...args),
          configure: (knobs) => notion.configure(knobs),
        },
        profileData: { url: profileData.url, key: profileData.key },
        slack: { url: slack.url },
      },
      functionEnv: {
        NOTION_API_URL: notion.url,
        PROFILE_DATA_API_URL: profileData.url,
        RAPIDAPI_KEY: profileData.key,
        RAPIDAPI_HOST: profileData.apiHost,
        SLACK_WEBHOOK_URL: slack.webhookUrl,
      },
      stop: async () => void (await Promise.all(started.map((s) => s.stop()))),
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
}
