/**
 * The admin user search's state (spec 2 §5, §9): the last search (its term and rows, or its
 * error), the page shown and the users selected — kept across pages, by e-mail, and pruned to
 * the users a new search still finds.
 */
import { useCallback, useState } from 'react';
import { textOf } from '../../data/errors/result.ts';
import { pageCount } from '../../domain/admin/userPages.ts';
import { searchUsers, type UserSearchRow } from './actions.ts';

export interface SearchResult {
  term: string;
  rows: UserSearchRow[];
}

export function useUserSearch() {
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  /** Runs the search; `keepPage` after a delete, so the admin stays where they were. */
  const search = useCallback(async (term: string, keepPage = false) => {
    setSearching(true);
    const found = await searchUsers(term);
    setSearching(false);
    if (!found.ok) {
      setError(textOf('searchUsers', found.error));
      setResult(null);
      setSelected(new Set());
      return;
    }
    const rows = found.value;
    setError(null);
    setResult({ term: term.trim(), rows });
    setPage((current) => (keepPage ? Math.min(current, pageCount(rows.length)) : 1));
    const emails = new Set(rows.map((row) => row.email ?? ''));
    setSelected((current) => new Set([...current].filter((email) => emails.has(email))));
  }, []);

  const toggle = useCallback((emails: readonly string[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const email of emails) {
        if (on) next.add(email);
        else next.delete(email);
      }
      return next;
    });
  }, []);

  return { result, error, searching, page, setPage, selected, toggle, search };
}
