/**
 * NewProfile's debug panels (spec 2 §2): the check result, the request payload of the check
 * (its first query), the raw API response (the check's query responses as Notion sent them),
 * the profile data (scraped), the selected setting (never its key), the direct API test, and
 * the extension's current tab URL against the route's url query.
 */
import type { ScrapedProfile } from '../../data/extension/messages.ts';
import type { NotionQueryPage } from '../../data/notion/objects.ts';
import { extensionTabUrl } from '../../data/extension/tabState.ts';
import { profileCheckFilter } from '../../domain/capture/profilePage.ts';
import type { ProfileUrl } from '../../domain/linkedin/profileUrl.ts';
import type { CheckTarget } from './profileTarget.ts';
import { DirectApiTestPanel } from './DirectApiTestPanel.tsx';
import type { CheckState } from './useProfileCheck.ts';

interface Props {
  profile: ProfileUrl;
  state: CheckState;
  target: CheckTarget | undefined;
  scraped: ScrapedProfile | undefined;
  responses: NotionQueryPage[] | null;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function CaptureDebugPanels({ profile, state, target, scraped, responses }: Props) {
  const payload =
    target?.ok && target.target.mapping.profileUrl
      ? { filter: profileCheckFilter(target.target.mapping.profileUrl, profile), page_size: 10 }
      : null;
  return (
    <section className="debug-details" aria-label="Debug panels">
      <details open>
        <summary>Extension</summary>
        <pre>{json({ extensionTabUrl: extensionTabUrl(), routeUrl: profile.raw, canonical: profile.canonical })}</pre>
      </details>
      <details open>
        <summary>Check result</summary>
        <pre>{json(state)}</pre>
      </details>
      <details>
        <summary>Request payload</summary>
        <pre>{json(payload)}</pre>
      </details>
      <details>
        <summary>Raw API response</summary>
        <pre data-testid="raw-api-response">{json(responses)}</pre>
      </details>
      <details>
        <summary>Profile data</summary>
        <pre>{json(scraped ?? null)}</pre>
      </details>
      <details>
        <summary>Selected setting</summary>
        <pre>
          {json(
            target?.ok
              ? {
                  settingId: target.settingId,
                  databaseId: target.target.databaseId,
                  dataSourceId: target.target.dataSourceId,
                  mapping: target.target.mapping,
                }
              : target,
          )}
        </pre>
      </details>
      <DirectApiTestPanel target={target?.ok ? target.target : null} profile={profile} />
    </section>
  );
}
