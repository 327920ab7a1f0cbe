/**
 * NotionProfile (spec 2 §2, §4 page view): the page paints from IndexedDB at once — online or
 * offline — with its icon (opening the page in Notion), its title (edited in place) and its
 * properties in the user's display order (PageProperties; all of them in relation mode, with
 * the relation banner), then revalidates from Notion and re-renders by live query. Every edit is
 * saved through the outbox (`saveProperty`); a save that cannot be queued says so above the
 * properties. "Loading profile from Notion..." shows only while nothing local exists (offline:
 * that the page is not here); a page not found or not shared leads to MissingContext; another
 * failure shows its message in place of the page when nothing local exists, else in a toast, so
 * that the rows the user is about to click never move under the pointer (useRefreshFailure).
 * Each view counts against the Notion quota: refused, the quota banner shows instead of the
 * page. Above the properties, the follow-up controls when the setting maps them (issue 36);
 * below, the display customization.
 */
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import type { PropertyShape } from '../../data/notion/codecs/index.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { messages } from '../../domain/errors/messages.ts';
import { openInNotionHref } from '../../domain/notion/pageLinks.ts';
import { isMissingPage } from '../../domain/notion/pageMissing.ts';
import { routes } from '../../domain/routing/routes.ts';
import { useSession } from '../auth/session.tsx';
import { useOnline } from '../outbox/useOutbox.ts';
import { useActiveSetting } from '../settings/useSettingsData.ts';
import { saveProperty } from './actions.ts';
import { mappingFromColumns } from '../../domain/settings/mapping.ts';
import { DisplayCustomization } from './display/DisplayCustomization.tsx';
import { FollowUpControls } from './FollowUpControls.tsx';
import { PageNotes } from './PageNotes.tsx';
import { useDisplayPreferences } from './display/useDisplayPreferences.ts';
import { PageProperties } from './PageProperties.tsx';
import { PageQuotaExceeded } from './PageQuotaExceeded.tsx';
import { RelationBanner } from './RelationBanner.tsx';
import { pageTitle, titlePropertyId } from './pageTitle.ts';
import { TitleEditor } from './TitleEditor.tsx';
import { usePageView } from './usePageView.ts';
import { useRefreshFailure } from './useRefreshFailure.ts';

export function NotionProfileScreen() {
  const [params] = useSearchParams();
  const { id: routeId } = useParams();
  const pageId = params.get('id') || routeId || '';
  const authId = useSession().session?.user.id ?? '';
  const active = useActiveSetting(authId);
  const { snapshot, schema, error, view } = usePageView(authId, active?.setting.workspace_id, pageId);
  const online = useOnline();
  const display = useDisplayPreferences(authId);
  const [saveError, setSaveError] = useState<string | null>(null);
  useRefreshFailure(error && !isMissingPage(error) ? error : null, Boolean(snapshot));

  if (error && isMissingPage(error)) return <Navigate to={routes.missingContext()} replace />;
  if (view && !view.allowed) {
    return (
      <main className="screen narrow" data-testid="notion-profile">
        <h1>{params.get('title') || 'Notion page'}</h1>
        <PageQuotaExceeded quota={view.quota} used={view.used} />
      </main>
    );
  }
  const title = (snapshot && pageTitle(snapshot)) || params.get('title') || '';
  const titleId = snapshot ? titlePropertyId(snapshot) : undefined;
  const href = openInNotionHref(snapshot?.page?.url ?? params.get('notionUrl'), pageId);
  const icon = snapshot?.page?.icon ?? null;

  const save = (propertyId: string, name: string, shape: PropertyShape) => {
    if (!snapshot) return;
    setSaveError(null);
    const edit = {
      authId,
      workspaceId: snapshot.workspaceId,
      pageId: snapshot.pageId,
      propertyId,
      label: { page: title || 'Untitled', property: name },
    };
    void saveProperty(edit, shape, snapshot.properties[propertyId] ?? null).then(
      (error) => error && setSaveError(messageFor('saveProperty', error)),
    );
  };

  return (
    <main className="screen narrow" data-testid="notion-profile">
      <RelationBanner pageId={pageId} />
      <header className="page-title">
        {icon && href && (
          <a href={href} target="_blank" rel="noreferrer" className="page-icon" aria-label="Open in Notion">
            {icon.startsWith('http') ? <img src={icon} alt="" width={28} height={28} /> : icon}
          </a>
        )}
        <TitleEditor
          title={title}
          place={snapshot && titleId ? { authId, pageId: snapshot.pageId, propertyId: titleId } : null}
          onSave={(text) =>
            titleId && save(titleId, snapshot?.page?.propertyNames[titleId] ?? 'Title', { type: 'title', value: text })
          }
        />
      </header>
      {!icon && href && (
        <p>
          <a href={href} target="_blank" rel="noreferrer">
            Open in Notion
          </a>
        </p>
      )}
      {error && !snapshot && (
        <p className="notice error" role="alert">
          {messageFor('loadPage', error)}
        </p>
      )}
      {saveError && (
        <p className="notice error" role="alert">
          {saveError}
        </p>
      )}
      {snapshot && active && (
        <FollowUpControls
          snapshot={snapshot}
          schema={schema}
          mapping={mappingFromColumns(active.setting as Record<string, string | null>)}
          onSave={save}
        />
      )}
      {snapshot && display.loadFailed && <p className="notice">{messages.loadDisplayConfigFailed}</p>}
      {snapshot && (
        <PageProperties
          authId={authId}
          snapshot={snapshot}
          schema={schema}
          onSave={save}
          display={display.preferences?.displayConfig ?? null}
          showAll={params.get('isRelation') === 'true'}
        />
      )}
      {snapshot && (
        <PageNotes authId={authId} workspaceId={snapshot.workspaceId} pageId={snapshot.pageId} pageTitle={title} />
      )}
      {snapshot && <DisplayCustomization authId={authId} display={display} />}
      {snapshot === null &&
        !error &&
        (online ? (
          <p aria-busy="true" className="loading">
            {messages.loadingPage}
          </p>
        ) : (
          <p className="notice">{messages.pageNotHereOffline}</p>
        ))}
    </main>
  );
}
