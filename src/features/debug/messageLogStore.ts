/**
 * The message log's memory (issue 20): the last MESSAGE_LOG_LIMIT messages the extension
 * bridge saw, recorded from the first call of `recordMessageLog` (debug-granted users only),
 * types and URLs only (src/domain/debug/messageLog.ts).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { appendMessageLog, messageLogEntry, type MessageLogEntry } from '../../domain/debug/messageLog.ts';
import { extensionBridge } from '../../data/extension/index.ts';

let log: MessageLogEntry[] = [];
let recording = false;
const listeners = new Set<() => void>();

function record(): void {
  if (recording) return;
  recording = true;
  extensionBridge().observe(({ data, ...meta }) => {
    log = appendMessageLog(log, messageLogEntry(data, { ...meta, at: Date.now() }));
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts recording (once, for the app's life) when `on`. */
export function useMessageLogRecorder(on: boolean): void {
  useEffect(() => {
    if (on) record();
  }, [on]);
}

/** The log, newest first, live. */
export const useMessageLog = (): readonly MessageLogEntry[] => useSyncExternalStore(subscribe, () => log);
