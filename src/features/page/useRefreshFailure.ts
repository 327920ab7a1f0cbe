/**
 * A page shown from IndexedDB whose refresh from Notion failed says so in a toast, once per
 * failure: a notice appearing above the rows a moment after they painted would move them under
 * the user's pointer (a click aimed at one landed beside it). Without a local copy the screen
 * shows the failure in place of the page instead.
 */
import { useEffect, useRef } from 'react';
import type { AppError } from '../../data/errors/appError.ts';
import { messageFor } from '../../domain/errors/catalogue.ts';
import { showToast } from '../../ui/Toast.tsx';

export function useRefreshFailure(error: AppError | null, pageShown: boolean) {
  const told = useRef<AppError | null>(null);
  useEffect(() => {
    if (!error || !pageShown || told.current === error) return;
    told.current = error;
    showToast(messageFor('loadPage', error), 'error');
  }, [error, pageShown]);
}
