/**
 * /admin (spec 2 §2, §5, §8, §9): the user search by e-mail ('Please enter a search term' when
 * blank), its results 10 per page with a details view of each user, and the bulk delete; links
 * to Weekly Stripe Sync Logs and Daily Quota Reset Log.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { noUsersFound } from '../../domain/admin/adminTexts.ts';
import { routes } from '../../domain/routing/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Field } from '../../ui/Field.tsx';
import type { UserSearchRow } from './actions.ts';
import { AdminFrame } from './AdminFrame.tsx';
import { BulkDelete } from './BulkDelete.tsx';
import { UserDetailsDialog } from './UserDetailsDialog.tsx';
import { UserTable } from './UserTable.tsx';
import { useUserSearch } from './useUserSearch.ts';

export function AdminDashboardScreen() {
  const [term, setTerm] = useState('');
  const [details, setDetails] = useState<UserSearchRow | null>(null);
  const { result, error, searching, page, setPage, selected, toggle, search } = useUserSearch();
  return (
    <AdminFrame title="Admin Dashboard">
      <nav aria-label="Admin logs">
        <ul className="admin-links">
          <li>
            <Link to={routes.stripeSyncLogs()}>Weekly Stripe Sync Logs</Link>
          </li>
          <li>
            <Link to={routes.dailyQuotaResetLog()}>Daily Quota Reset Log</Link>
          </li>
        </ul>
      </nav>
      <form
        className="user-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search(term);
        }}
      >
        <Field label="Search users by e-mail" type="search" value={term} onChange={setTerm} />
        <Button type="submit" variant="primary" busy={searching}>
          Search
        </Button>
      </form>
      <ErrorMessage message={error} />
      {result && result.rows.length === 0 && <p className="empty-state">{noUsersFound(result.term)}</p>}
      {result && result.rows.length > 0 && (
        <UserTable
          term={result.term}
          rows={result.rows}
          page={page}
          onPage={setPage}
          selected={selected}
          onToggle={toggle}
          onDetails={setDetails}
        />
      )}
      {result && <BulkDelete selected={selected} onDeleted={() => void search(result.term, true)} />}
      {details && <UserDetailsDialog user={details} onClose={() => setDetails(null)} />}
    </AdminFrame>
  );
}
