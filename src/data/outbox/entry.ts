/**
 * What the outbox stores (Dexie tables `outbox` and `pageSnapshots`, src/data/db/schema.ts).
 *
 * An entry is one property edit of one page, by one user (`authId`), with an **absolute**
 * value — a relation's whole list, never "add X" — so sending it twice (a replay after a
 * response lost in transit) changes nothing. It keeps the base value the user saw, to find
 * conflicts (conflicts.ts). States:
 * - `queued`: waiting or being sent (`inFlightSince` set while a request for it is out);
 * - `failed`: Notion refused it for good (the reason and Notion's message are kept);
 * - `conflict`: Notion's value changed since the base; `theirs` holds it.
 * At most one entry per (user, page, property) is not in flight: a later edit supersedes an
 * earlier one that is queued, failed or in conflict (`supersede`), never one in flight.
 */
import type { ErrorReason } from '../../domain/errors/reason.ts';

/** A Notion property value: the write form (`{select: {name}}`) or the read form (`{id, type, select}`). */
export type PropertyValue = Record<string, unknown>;

export type OutboxState = 'queued' | 'failed' | 'conflict';

/** One edit as the page editor hands it to `enqueue`. */
export interface OutboxEdit {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
  /** The new value, absolute, in Notion's write form. */
  value: PropertyValue;
  /** The value the user saw before the edit (null: the property was empty). */
  base: PropertyValue | null;
  /** How the failed and conflict lists name it: the page's title, the property's name, at the edit. */
  label?: { page: string; property: string };
  /**
   * An archive's unlink: the relation this page leaves once Notion confirmed it in the trash —
   * queued then (settle.ts), never before, so a refused archive leaves the page linked and the
   * archive whole, one entry, in the failed list (issue 31, edge 4).
   */
  unlinkFrom?: UnlinkAfterTrash;
}

export interface OutboxEntry extends OutboxEdit {
  /** Auto-increment: the edit order. */
  id?: number;
  /** When the base was last known to be Notion's value: an old one is checked before sending. */
  baseAt: number;
  editedAt: number;
  /** Values this property was sent with earlier without a confirmed answer: Notion may hold one. */
  sentValues: PropertyValue[];
  state: OutboxState;
  /** Not sent before this time (backoff, Retry-After). */
  dueAt: number;
  /** Failed attempts since the last success or retry. */
  attempts: number;
  /** Set while a request carrying this entry is out; older than IN_FLIGHT_STALE_MS means its sender died. */
  inFlightSince: number | null;
  /** `failed`: why, and Notion's own message. */
  error?: { reason: ErrorReason; message: string };
  /** `conflict`: Notion's current value. */
  theirs?: PropertyValue | null;
  /** The option names of the value that the schema the user picked from held (optionsGone.ts). */
  knownOptions?: string[];
}

/** Where an archived page leaves: a relation of another page, whole as the user saw it. */
export interface UnlinkAfterTrash {
  pageId: string;
  propertyId: string;
  /** The relation's whole list when the user archived (the page among them). */
  ids: string[];
  label?: { page: string; property: string };
}

/**
 * The local copy of a page the editor shows: the last value known or set per property id —
 * Notion's read form from the last fetch (src/data/db/pageSnapshots.ts), the write form of the
 * user's own edits since. A fetch never replaces the value of a property that has an outbox
 * entry: what the user set shows until Notion has it or the user chose otherwise.
 */
export interface PageSnapshot {
  authId: string;
  pageId: string;
  workspaceId: string;
  properties: Record<string, PropertyValue | null>;
  updatedAt: number;
  /** When the fetch that last wrote Notion's values started (absent: never fetched, edits only). */
  fetchedAt?: number;
  /**
   * When each property last changed here — an edit, Notion confirming it, the user's choice on a
   * failed or conflicting edit —, by id: a fetch that started before that time is older than
   * what the snapshot shows, and does not replace it.
   */
  localAt?: Record<string, number>;
  /** When each property was last edited here (queued), by id: the journal's check (journal.ts). */
  editedAt?: Record<string, number>;
  /** What the last fetch said of the page itself. */
  page?: PageFacts;
}

/** A page's own facts (not its properties), as the last fetch read them. */
export interface PageFacts {
  url: string | null;
  /** An emoji, or an image's URL (external or Notion-hosted), or null. */
  icon: string | null;
  inTrash: boolean;
  /** The data source (or, for a page outside one, null) holding the page. */
  dataSourceId: string | null;
  /** Each property's name by id, in the order Notion listed them. */
  propertyNames: Record<string, string>;
}

/**
 * `newer` taking the place of `older` (same user, page and property): it keeps the older
 * base — what Notion held before either was sent —, its wait (a Retry-After still holds) and
 * remembers every value already sent.
 */
export function supersede(older: OutboxEntry, newer: OutboxEntry): OutboxEntry {
  const retrying = older.state === 'queued';
  return {
    ...newer,
    base: older.base,
    baseAt: Math.min(older.baseAt, newer.baseAt),
    dueAt: retrying ? Math.max(older.dueAt, newer.dueAt) : newer.dueAt,
    attempts: retrying ? Math.max(older.attempts, newer.attempts) : newer.attempts,
    sentValues: [...older.sentValues, ...(older.attempts > 0 ? [older.value] : []), ...newer.sentValues],
  };
}
