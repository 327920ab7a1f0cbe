/**
 * NewProfile's "direct API test" debug panel (spec 2 §2): sends the profile lookup straight to
 * Notion — no stored verdict read or written — and shows how long it took, how many requests
 * it made and what it found, or the error. A result is shown only while the target (database,
 * data source, workspace, URL property, profile URL) is the one it was asked about.
 */
import { useState } from 'react';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import { directApiTest, type DirectApiTest } from './actions.ts';
import type { SettingTarget } from './profileTarget.ts';

interface Props {
  target: SettingTarget | null;
  profile: ProfileUrl;
}

function describe(result: DirectApiTest): string {
  if (!result.ok) return `Failed after ${result.ms} ms: ${result.error.message}`;
  const requests = `${result.requests} request${result.requests === 1 ? '' : 's'}`;
  const verdict = result.found
    ? `found "${result.found.title}" (${result.found.id})`
    : result.verdict === 'unknown'
      ? 'unknown (too many candidates to read)'
      : 'not found';
  return `OK in ${result.ms} ms, ${requests}: ${verdict}`;
}

/** What a result was asked about: a result for another target is never shown. */
const subjectOf = (target: SettingTarget | null, profile: ProfileUrl) =>
  JSON.stringify([
    target?.databaseId ?? null,
    target?.dataSourceId ?? null,
    target?.workspaceId ?? null,
    target?.mapping.profileUrl ?? null,
    profile.canonical,
  ]);

export function DirectApiTestPanel({ target, profile }: Props) {
  const [running, setRunning] = useState(false);
  const [last, setLast] = useState<{ subject: string; result: DirectApiTest } | null>(null);
  const subject = subjectOf(target, profile);
  const result = last?.subject === subject ? last.result : null;

  async function run() {
    if (!target) return;
    setRunning(true);
    try {
      setLast({ subject, result: await directApiTest(target, profile) });
    } finally {
      setRunning(false);
    }
  }

  return (
    <details open>
      <summary>Direct API test</summary>
      <button type="button" disabled={running || !target} onClick={() => void run()}>
        {running ? 'Testing...' : 'Run direct API test'}
      </button>
      {result && <p data-testid="direct-api-result">{describe(result)}</p>}
    </details>
  );
}
