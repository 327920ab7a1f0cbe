/**
 * The header's count of due follow-ups (issue 36), from the cache only (no request of its own):
 * the people of the cached list whose date is today or earlier, as a link to the Follow-ups
 * screen; nothing when none is due or the setting maps no next follow-up.
 */
import { Link } from 'react-router-dom';
import { isDue } from '../../domain/followUps/followUpDates.ts';
import { routes } from '../../domain/routing/routes.ts';
import { useFollowUps } from './useFollowUps.ts';

export function FollowUpsBadge({ authId }: { authId: string }) {
  const { list } = useFollowUps(authId);
  const today = new Date();
  const due = list?.people.filter((person) => isDue(person.date, today)).length ?? 0;
  if (due === 0) return null;
  const label = `${due} follow-up${due === 1 ? '' : 's'} due`;
  return (
    <Link
      to={routes.followUps()}
      className="follow-up-count"
      aria-label={label}
      title={label}
      data-testid="follow-up-count"
    >
      ⏰ {due}
    </Link>
  );
}
