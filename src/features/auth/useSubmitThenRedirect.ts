/**
 * The form life of /register and /update-password: submit an action, show its error, and on
 * success switch to the done state and schedule the screen's timed redirect (cancelled if the
 * screen goes away first).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Result } from '../../data/errors/result.ts';
import { messageFor, type ErrorContext } from '../../domain/errors/catalogue.ts';

type ScheduleRedirect = (go: (path: string) => void) => () => void;

export function useSubmitThenRedirect(
  action: () => Promise<Result>,
  scheduleRedirect: ScheduleRedirect,
  context: ErrorContext,
) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(
    () => (done ? scheduleRedirect((path) => navigate(path, { replace: true })) : undefined),
    [done, navigate, scheduleRedirect],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await action();
    setBusy(false);
    if (result.ok) setDone(true);
    else setError(messageFor(context, result.error));
  };

  return { error, busy, done, submit };
}
