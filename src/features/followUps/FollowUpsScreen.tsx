/**
 * Follow-ups (issue 36): the people of the active data source whose next follow-up is today or
 * earlier, oldest first. Paints from the cache at once (offline too), and refreshes it with one
 * Notion query when online — on opening and when the network returns. Each row opens the page
 * view; "Open LinkedIn" opens the person's profile. Without a mapped "Next follow-up" property
 * the screen says how to map one.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AppError } from '../../data/errors/appError.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { localDate } from '../../domain/followUps/followUpDates.ts';
import { routes } from '../../domain/routing/routes.ts';
import { useSession } from '../auth/session.tsx';
import { useOnline } from '../outbox/useOutbox.ts';
import { loadFollowUps } from './actions.ts';
import { useFollowUps } from './useFollowUps.ts';
import './followUpsScreen.css';

export function FollowUpsScreen() {
  const authId = useSession().session?.user.id ?? '';
  const { target, list } = useFollowUps(authId);
  const online = useOnline();
  const [error, setError] = useState<AppError | null>(null);
  const key = target ? `${target.dataSourceId} ${target.datePropertyId}` : null;

  useEffect(() => {
    if (!target || !online) return;
    let current = true;
    void loadFollowUps(target).then((failure) => {
      if (!current) return;
      setError(failure);
    });
    return () => {
      current = false;
    };
    // One refresh per list and per return of the network, not per render of the same target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online]);

  const today = localDate(new Date());
  return (
    <main className="screen narrow" data-testid="follow-ups">
      <h1>Follow-ups</h1>
      {target === null && (
        <p className="notice">
          No follow-up property is mapped. To see who to follow up with, open{' '}
          <Link to={routes.notionSettings()}>Notion settings</Link>, edit your setting and map a Date property to “Next
          follow-up”.
        </p>
      )}
      {error && (
        <p className="notice error" role="alert">
          {messageFor('loadFollowUps', error)}
        </p>
      )}
      {target && !online && list && <p className="notice">Offline: the list as last read.</p>}
      {target && list === undefined && online && !error && <p aria-busy="true">Loading follow-ups...</p>}
      {list && list.people.length === 0 && <p>No follow-up is due. Nice work.</p>}
      {list && list.people.length > 0 && (
        <ul className="follow-up-list">
          {list.people.map((person) => (
            <li key={person.pageId}>
              <Link to={routes.notionProfile({ id: person.pageId, title: person.title })}>
                {person.title || 'Untitled'}
              </Link>
              <span className={person.date < today ? 'overdue' : 'due'}>
                {person.date < today ? `Overdue since ${person.date}` : 'Today'}
              </span>
              {person.linkedInUrl && (
                <a href={person.linkedInUrl} target="_blank" rel="noreferrer">
                  Open LinkedIn<span className="visually-hidden"> profile of {person.title}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {list?.hasMore && <p className="hint">Only the 100 oldest are listed.</p>}
    </main>
  );
}
