/**
 * One page of the admin user search (spec 2 §2, §9: 10 per page): a checkbox per user (the
 * selection survives paging), the e-mail and name, a Details button; 'Select all on this
 * page'; Previous / Next with 'Page X of Y'. A pager button that becomes unusable hands focus
 * to the other one, so keyboard focus never falls back to the page.
 */
import { useEffect, useRef } from 'react';
import { pageCount, pageOf } from '../../domain/admin/userPages.ts';
import type { UserSearchRow } from './actions.ts';

export interface UserTableProps {
  term: string;
  rows: UserSearchRow[];
  page: number;
  onPage: (page: number) => void;
  selected: ReadonlySet<string>;
  onToggle: (emails: readonly string[], on: boolean) => void;
  onDetails: (user: UserSearchRow) => void;
}

const fullName = (row: UserSearchRow) => [row.first_name, row.last_name].filter(Boolean).join(' ');

export function UserTable({ term, rows, page, onPage, selected, onToggle, onDetails }: UserTableProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const focusAfterPaging = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    focusAfterPaging.current?.focus();
    focusAfterPaging.current = null;
  }, [page]);
  const pages = pageCount(rows.length);
  const shown = pageOf(rows, page);
  const emails = shown.map((row) => row.email ?? '');
  const allShownSelected = emails.every((email) => selected.has(email));
  const go = (target: number) => {
    onPage(target);
    if (target === 1) focusAfterPaging.current = next.current;
    if (target === pages) focusAfterPaging.current = previous.current;
  };
  return (
    <>
      <table className="user-table">
        <caption>
          {rows.length} users matching “{term}” — page {page} of {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="select-cell">
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={allShownSelected}
                onChange={(event) => onToggle(emails, event.target.checked)}
              />
            </th>
            <th scope="col">User</th>
            <th scope="col" className="details-cell">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const email = row.email ?? '';
            return (
              <tr key={row.user_id ?? email} data-testid="user-row">
                <td className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={`Select ${email}`}
                    checked={selected.has(email)}
                    onChange={(event) => onToggle([email], event.target.checked)}
                  />
                </td>
                <th scope="row">
                  {email}
                  {fullName(row) && <span className="user-name">{fullName(row)}</span>}
                </th>
                <td className="details-cell">
                  <button type="button" aria-label={`Details of ${email}`} onClick={() => onDetails(row)}>
                    Details
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="pager" aria-label="Pages">
          <button type="button" ref={previous} disabled={page <= 1} onClick={() => go(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" ref={next} disabled={page >= pages} onClick={() => go(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}
