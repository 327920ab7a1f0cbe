/** A message that disappears after a delay (the workspace message's 5 s, spec 1 §4, §9). */
import { useCallback, useEffect, useState } from 'react';

export const WORKSPACE_MESSAGE_MS = 5_000;

export interface TimedMessage {
  kind: 'error' | 'success';
  text: string;
}

export function useTimedMessage(durationMs = WORKSPACE_MESSAGE_MS) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);
  const show = useCallback((kind: TimedMessage['kind'], text: string) => setMessage({ kind, text }), []);
  return { message, show, clear: useCallback(() => setMessage(null), []) };
}
