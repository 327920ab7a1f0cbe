/**
 * /linkedin-api-test (spec 2 §2 "profile URL field, Fetch Profile button ('Fetching...' while
 * busy), Enter submits, status messages, simplified result card (fullName, headline, city and
 * country, company, education, summary), toggle to raw JSON. Default URL is a sample public
 * profile"). The profile comes from get-profile-data-by-url, read as the capture reads it. The
 * form leaves the URL to the app and the function (`noValidate`): one without https:// is sent,
 * and what is no profile gets the spec's text, not the browser's bubble.
 */
import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Button } from '../../ui/Button.tsx';
import { profileCardFacts, SAMPLE_PROFILE_URL } from '../../domain/testScreens/profileFacts.ts';
import { Field } from '../../ui/Field.tsx';
import { fetchTestProfile, type ProfileFetch } from './actions.ts';
import { ProfilePreview } from './ProfilePreview.tsx';
import { RawJson } from './RawJson.tsx';
import './testScreens.css';

export function LinkedInApiTestScreen() {
  const [url, setUrl] = useState(SAMPLE_PROFILE_URL);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProfileFetch | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    setResult(await fetchTestProfile(url));
    setBusy(false);
  }

  return (
    <main className="screen test-screen">
      <h1>LinkedIn API test</h1>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Field label="LinkedIn profile URL" type="url" value={url} onChange={setUrl} />
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? 'Fetching...' : 'Fetch Profile'}
        </Button>
      </form>
      <p role="status">{busy ? 'Fetching profile data...' : result?.ok ? 'Profile fetched.' : ''}</p>
      {result && !result.ok && <ErrorMessage message={result.message} />}
      {result?.ok && (
        <>
          <ProfilePreview label="Profile" fields={profileCardFacts(result.profile)} />
          <RawJson what="JSON" value={result.raw} />
        </>
      )}
    </main>
  );
}
