/**
 * /linkedin-api-test (spec 2 §2 "profile URL field, Fetch Profile button ('Fetching...' while
 * busy), Enter submits, status messages, simplified result card (fullName, headline, city and
 * country, company, education, summary), toggle to raw JSON. Default URL is a sample public
 * profile"). The profile comes from get-profile-data-by-url, read as the capture reads it.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { fetchTestProfile, type ProfileFetch } from './actions.ts';
import { ProfilePreview } from './ProfilePreview.tsx';
import { RawJson } from './RawJson.tsx';
import './testScreens.css';

/** A sample public profile (one the profile-data sandbox knows). */
export const SAMPLE_PROFILE_URL = 'https://www.linkedin.com/in/ada-lovelace/';

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

  const place = result?.ok ? [result.profile.city, result.profile.country].filter(Boolean).join(', ') : '';
  return (
    <main className="screen test-screen">
      <h1>LinkedIn API test</h1>
      <form onSubmit={(event) => void submit(event)}>
        <Field label="LinkedIn profile URL" type="url" value={url} onChange={setUrl} />
        <Button type="submit" variant="primary" busy={busy}>
          {busy ? 'Fetching...' : 'Fetch Profile'}
        </Button>
      </form>
      <p role="status">{busy ? 'Fetching profile data...' : result?.ok ? 'Profile fetched.' : ''}</p>
      {result && !result.ok && (
        <p className="notice error" role="alert">
          {result.message}
        </p>
      )}
      {result?.ok && (
        <>
          <ProfilePreview
            label="Profile"
            fields={[
              ['Full name', result.profile.fullName],
              ['Headline', result.profile.headline],
              ['Location', place],
              ['Company', result.profile.company],
              ['Education', result.profile.education],
              ['Summary', result.profile.summary],
            ]}
          />
          <RawJson what="JSON" value={result.raw} />
        </>
      )}
    </main>
  );
}
