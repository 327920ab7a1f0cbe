/**
 * Notion ids: UUIDs, accepted with or without dashes and answered with dashes. Seed ids are
 * derived from names (stable across fresh seeds, so docs and manual tests can name them);
 * ids made at run time are random.
 */
import { createHash, randomUUID } from 'node:crypto';

const UUID_HEX = /^[0-9a-f]{32}$/;

/** The dashed lowercase form of an id, or undefined when it is not a UUID with or without dashes. */
export function normalizeId(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const hex = raw.toLowerCase().replace(/-/g, '');
  if (!UUID_HEX.test(hex) || !/^[0-9a-f]{8}(-?[0-9a-f]{4}){3}-?[0-9a-f]{12}$/i.test(raw)) return undefined;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newId = (): string => randomUUID();

/** A UUID-shaped id derived from a seed name. */
export function seedId(name: string): string {
  const hex = createHash('sha256').update(`notion-sandbox:${name}`).digest('hex');
  return normalizeId(`${hex.slice(0, 12)}4${hex.slice(13, 16)}a${hex.slice(17, 32)}`)!;
}

/** Short property ids like Notion's (`%3AHxd`-style, URL-safe here). `title` stays `title`. */
export function propertyId(seed: string): string {
  return createHash('sha256').update(`prop:${seed}`).digest('base64url').slice(0, 4);
}

export const dashless = (id: string): string => id.replace(/-/g, '');

/** The id of a database's first data source: derived from the database id, so a seed and an
 * upgraded `notion.json` (see state-upgrade.ts) give the same one. */
export const firstDataSourceId = (databaseId: string): string => seedId(`data-source:${databaseId}`);
