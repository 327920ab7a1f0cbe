/**
 * The outside world on one machine: starts the Notion, profile-data, Slack, Stripe and geo-IP
 * sandboxes for the local stack and tells the edge functions where they are. Each sandbox is a
 * small HTTP server of its own (free ports); its state and keys are kept under
 * `<dataDir>/sandboxes`, so the demo Notion key, the profile-data key and the Stripe keys stay
 * the same across restarts.
 *
 * What must stay true: the function variables returned here are defaults — a real key or
 * webhook in `supabase/functions/.env` wins over them (see functions/environment.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { knobsFromEnv, startNotionSandbox, type NotionSandbox } from './notion/index.ts';
import { newRapidApiKey, startProfileDataSandbox } from './profile-data/index.ts';
import { startSlackSink } from './slack/index.ts';
import { startGeoIpSandbox, type GeoIpSandbox } from './geo-ip/index.ts';
import { startStripeSandbox, type StripeSandbox } from './stripe/index.ts';

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
  /**
   * The Stripe sandbox: its URL and keys (also in `.local/stack.json`), and in process its test
   * clock, the events it made and their webhook deliveries, and the webhook endpoint.
   */
  stripe: { url: string; secretKey: string; webhookSecret: string } & Pick<
    StripeSandbox,
    'now' | 'advanceClock' | 'setWebhookUrl' | 'events' | 'deliveries' | 'deliveriesSettled'
  >;
  /** The geo-IP sandbox (`GET /json/` → `{country_code}`); in process, the country it answers. */
  geoIp: { url: string } & Pick<GeoIpSandbox, 'setCountry' | 'setFailure'>;
  /**
   * Every sandbox back to how it started (seeds, clock, knobs, logs, messages; same keys and
   * URLs): the fresh start of the next test file sharing this stack.
   */
  reset(): Promise<void>;
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

export async function startSandboxes(options: {
  dataDir: string;
  host: string;
  /** Where the Stripe sandbox sends its events (the stripe-webhook function's URL). */
  stripeWebhookUrl?: string;
}): Promise<RunningSandboxes> {
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
    const stripe = await startStripeSandbox({ dataDir: dir, host: options.host, webhookUrl: options.stripeWebhookUrl });
    started.push(stripe);
    const geoIp = await startGeoIpSandbox({ host: options.host });
    started.push(geoIp);
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
        stripe: {
          url: stripe.url,
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          now: () => stripe.now(),
          advanceClock: (seconds) => stripe.advanceClock(seconds),
          setWebhookUrl: (url) => stripe.setWebhookUrl(url),
          events: () => stripe.events(),
          deliveries: () => stripe.deliveries(),
          deliveriesSettled: () => stripe.deliveriesSettled(),
        },
        geoIp: {
          url: geoIp.url,
          setCountry: (code) => geoIp.setCountry(code),
          setFailure: (status) => geoIp.setFailure(status),
        },
        reset: async () => {
          notion.reset();
          stripe.reset();
          geoIp.setCountry(undefined);
          geoIp.setFailure(undefined);
          const cleared = await fetch(`${slack.url}/api/messages`, { method: 'DELETE' });
          if (!cleared.ok) throw new Error(`slack sink: DELETE /api/messages answered ${cleared.status}`);
        },
      },
      functionEnv: {
        NOTION_API_URL: notion.url,
        PROFILE_DATA_API_URL: profileData.url,
        RAPIDAPI_KEY: profileData.key,
        RAPIDAPI_HOST: profileData.apiHost,
        SLACK_WEBHOOK_URL: slack.webhookUrl,
        STRIPE_API_URL: stripe.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        GEO_IP_URL: geoIp.url,
      },
      stop: async () => void (await Promise.all(started.map((s) => s.stop()))),
    };
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
}
