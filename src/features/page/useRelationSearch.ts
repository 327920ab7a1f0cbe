/**
 * The add-relation modal's pages (spec 2 §9): the target's 10 most recently edited pages not
 * related yet, read once when the modal opens; the search field is offered from 10 results on,
 * and a term searches the target by title 500 ms after the last keystroke (an answer to an
 * older term is dropped). Pages already related are never offered, those linked while the
 * modal is open included.
 */
import { useEffect, useState } from 'react';
import type { RelatedPageCandidate } from '../../data/notion/relationSearch.ts';
import {
  excludeRelated,
  RECENT_RELATED_PAGES,
  RELATION_SEARCH_DEBOUNCE_MS,
  RELATION_SEARCH_OFFERED_AT,
} from '../../domain/notion/relationRules.ts';
import { findCandidates, type CandidateSource } from './relationActions.ts';

interface Answer {
  term: string;
  pages: RelatedPageCandidate[] | null;
  error: string | null;
}

export interface RelationSearch {
  term: string;
  setTerm: (term: string) => void;
  /** The pages to offer for the current term; null while they load. */
  pages: RelatedPageCandidate[] | null;
  error: string | null;
  /** Whether the search field is offered (10 recent pages or more). */
  searchOffered: boolean;
}

/** The candidates for `term`, asked `delayMs` after it last changed; none asked for an empty search term. */
function useCandidates(source: CandidateSource, term: string, delayMs: number, search: boolean): Answer | null {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const { authId, workspaceId, dataSourceId, propertyId } = source;
  useEffect(() => {
    if (search && !term) return;
    let current = true;
    const timer = setTimeout(() => {
      void findCandidates({ authId, workspaceId, dataSourceId, propertyId }, term).then((found) => {
        if (!current) return;
        setAnswer(found.ok ? { term, pages: found.value, error: null } : { term, pages: null, error: found.message });
      });
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [authId, workspaceId, dataSourceId, propertyId, term, delayMs, search]);
  return answer?.term === term ? answer : null;
}

export function useRelationSearch(source: CandidateSource, relatedIds: string[]): RelationSearch {
  const [term, setTerm] = useState('');
  const searching = term.trim();
  const recent = useCandidates(source, '', 0, false);
  const found = useCandidates(source, searching, RELATION_SEARCH_DEBOUNCE_MS, true);
  const recentPages = recent?.pages ? excludeRelated(recent.pages, relatedIds).slice(0, RECENT_RELATED_PAGES) : null;
  const answer = searching ? found : recent;
  return {
    term,
    setTerm,
    pages: searching ? (found?.pages ? excludeRelated(found.pages, relatedIds) : null) : recentPages,
    error: answer?.error ?? null,
    searchOffered: searching !== '' || (recentPages?.length ?? 0) >= RELATION_SEARCH_OFFERED_AT,
  };
}
