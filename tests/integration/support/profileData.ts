/**
 * The get-profile-data-by-url suites' shared set-up: the profile-data sandbox, the Slack sink
 * the function's operator alerts reach, and a local stack whose functions call both.
 */
import { resolve } from 'node:path';
import {
  RAPIDAPI_HOST,
  startProfileDataSandbox,
  type ProfileDataSandbox,
} from '../../../supabase/local/sandboxes/profile-data/index.ts';
import { startSlackSink, type SlackSink } from '../../../supabase/local/sandboxes/slack/index.ts';
import { startTestStack, type TestStack } from './stack.ts';

process.env.DENO_DIR ??= resolve('.local/deno');

export interface ProfileDataFixture {
  sandbox: ProfileDataSandbox;
  sink: SlackSink;
  stack: TestStack;
  stop(): Promise<void>;
}

export async function startProfileDataFixture(): Promise<ProfileDataFixture> {
  const sandbox = await startProfileDataSandbox();
  const sink = await startSlackSink();
  const stack = await startTestStack({
    functionEnv: {
      PROFILE_DATA_API_URL: sandbox.url,
      RAPIDAPI_KEY: sandbox.key,
      RAPIDAPI_HOST: RAPIDAPI_HOST,
      SLACK_WEBHOOK_URL: sink.webhookUrl,
    },
  });
  return {
    sandbox,
    sink,
    stack,
    async stop() {
      await stack.stop();
      await sandbox.stop();
      await sink.stop();
    },
  };
}
