/**
 * /linkedin-api-security-test (spec 2 §2 "URL field, Test Edge Function button, config
 * diagnostics, error, result (error plus preview, or success with preview of firstName,
 * lastName, headline, location, current company), note that the test used 1 API call, table
 * of the last usage rows (Date, Endpoint, Status Success/Failed) with refresh"). As on
 * /linkedin-api-test, the function judges the URL, not the browser (`noValidate`).
 */
import { useState, type FormEvent } from 'react';
import { testScreenTexts } from '../../domain/errors/messages.ts';
import { SAMPLE_PROFILE_URL, securityPreviewFacts } from '../../domain/testScreens/profileFacts.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { useSession } from '../auth/session.tsx';
import { securityConfig, fetchTestProfile, type ProfileFetch } from './actions.ts';
import { ApiUsageTable } from './ApiUsageTable.tsx';
import { ProfilePreview } from './ProfilePreview.tsx';
import './testScreens.css';

export function SecurityTestScreen() {
  const signedIn = Boolean(useSession().session);
  const [url, setUrl] = useState(SAMPLE_PROFILE_URL);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProfileFetch | null>(null);
  const [tested, setTested] = useState('');
  const [calls, setCalls] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setTested(url);
    setResult(await fetchTestProfile(url));
    setBusy(false);
    setCalls((n) => n + 1); // the table reloads: the call is in api_usage now
  }

  const profile = result?.ok ? result.profile : null;
  return (
    <main className="screen test-screen">
      <h1>LinkedIn API security test</h1>
      <section aria-labelledby="config-title">
        <h2 id="config-title">Configuration</h2>
        <ProfilePreview label="Configuration diagnostics" fields={securityConfig(signedIn)} />
      </section>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field label="LinkedIn profile URL" type="url" value={url} onChange={setUrl} />
        <Button type="submit" variant="primary" busy={busy}>
          Test Edge Function
        </Button>
      </form>
      <div role="status">{result && <p>{result.ok ? 'Success' : 'Error'}</p>}</div>
      {result && !result.ok && (
        <>
          <ErrorMessage message={result.message} />
          <ProfilePreview label="Request" fields={[['URL', tested]]} />
        </>
      )}
      {profile && <ProfilePreview label="Preview" fields={securityPreviewFacts(profile)} />}
      {result && (result.ok || result.called) && <p>{testScreenTexts.oneApiCall}</p>}
      <ApiUsageTable version={calls} />
    </main>
  );
}
