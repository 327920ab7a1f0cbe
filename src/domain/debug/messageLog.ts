/**
 * The header's "Message log" (issue 20): the window messages exchanged with the extension, as
 * direction, type, origin and whether the bridge accepted them — plus a URL when the message
 * carries one. Nothing else of a message is kept: no scraped profile data, no request ids.
 */
export type MessageDirection = 'in' | 'out';

export interface MessageLogEntry {
  at: number;
  direction: MessageDirection;
  type: string;
  origin: string;
  accepted: boolean;
  url?: string;
}

/** How many entries the log keeps (the newest). */
export const MESSAGE_LOG_LIMIT = 50;
const TYPE_LIMIT = 60;

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The loggable part of one message: its type (or a stand-in) and its URL, nothing more. */
export function messageLogEntry(
  data: unknown,
  meta: { direction: MessageDirection; origin: string; accepted: boolean; at: number },
): MessageLogEntry {
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const type = typeof record.type === 'string' ? record.type.slice(0, TYPE_LIMIT) : `(${typeof data})`;
  const entry: MessageLogEntry = { ...meta, type };
  if (isUrl(record.url)) entry.url = record.url;
  return entry;
}

/** The log with one more entry, newest first, at most MESSAGE_LOG_LIMIT long. */
export const appendMessageLog = (log: readonly MessageLogEntry[], entry: MessageLogEntry): MessageLogEntry[] =>
  [entry, ...log].slice(0, MESSAGE_LOG_LIMIT);
