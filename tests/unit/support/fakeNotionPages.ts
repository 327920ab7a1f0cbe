/**
 * A fake of Notion's GET and PATCH pages/{id} behind the app's real client
 * (src/data/notion/client.ts, so Notion's errors go through the real classifier), on a
 * `FakeClock`: each answer takes `latencyMs` of fake time. Property values are kept in write
 * form and answered in read form (`{id, type, <type>: …}`), keyed by their id as name; a
 * relation past 25 pages is cut there (`has_more`), its whole list read through GET
 * pages/{id}/properties/{id}, 100 a request, as Notion does.
 * Pages in the trash refuse property edits, as Notion does (400 `validation_error`).
 * `script` makes the next requests of a method fail: a Notion error (status, code, Retry-After),
 * a dropped connection before Notion sees it (`network`), or after Notion applied it (`lost`);
 * `byProxy` makes the error the proxy's own refusal (its PROXY_REFUSAL_HEADER set).
 */
import { createNotionClient } from '../../../src/data/notion/client.ts';
import { PROXY_REFUSAL, PROXY_REFUSAL_HEADER } from '../../../supabase/functions/_shared/notion-proxy-refusal.ts';
import type { PropertyValue } from '../../../src/data/outbox/entry.ts';
import type { FakeClock } from './fakeClock.ts';

export type Reply =
  { status: number; code: string; message?: string; retryAfter?: string; byProxy?: true } | 'network' | 'lost';

export interface Sent {
  method: string;
  pageId: string;
  /** A property-item read: the property. */
  property?: string;
  /** A schema read (GET data_sources/{id}): the data source. */
  dataSource?: string;
  startedAt: number;
  endedAt?: number;
  properties?: Record<string, PropertyValue>;
  inTrash?: boolean;
}

export function fakeNotionPages(clock: FakeClock, latencyMs = 100) {
  const pages = new Map<string, Record<string, PropertyValue>>();
  const trashed = new Set<string>();
  /** Each page's data source, and each data source's schema (GET data_sources/{id}). */
  const parents = new Map<string, string>();
  const schemas = new Map<string, Record<string, unknown>[]>();
  const scripted: Record<string, Reply[]> = { GET: [], PATCH: [] };
  const sent: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const readForm = (pageId: string) => ({
    object: 'page',
    id: pageId,
    in_trash: trashed.has(pageId),
    ...(parents.has(pageId) ? { parent: { type: 'data_source_id', data_source_id: parents.get(pageId) } } : {}),
    properties: Object.fromEntries(
      Object.entries(pages.get(pageId) ?? {}).map(([id, value]) => {
        const type = Object.keys(value)[0];
        if (type !== 'relation') return [id, { id, type, [type]: value[type] }];
        const ids = value.relation as unknown[];
        return [id, { id, type, relation: ids.slice(0, 25), has_more: ids.length > 25 }];
      }),
    ),
  });

  /** GET pages/{id}/properties/{id}: a relation's items, 100 a request from `start_cursor` (an offset). */
  const propertyItems = (pageId: string, propertyId: string, query: URLSearchParams) => {
    const ids = (pages.get(pageId)?.[propertyId]?.relation ?? []) as unknown[];
    const from = Number(query.get('start_cursor') ?? 0);
    const size = Number(query.get('page_size') ?? 100);
    const more = from + size < ids.length;
    return {
      object: 'list',
      results: ids
        .slice(from, from + size)
        .map((relation) => ({ object: 'property_item', id: propertyId, type: 'relation', relation })),
      has_more: more,
      next_cursor: more ? String(from + size) : null,
    };
  };

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname.includes('/data_sources/')) {
      const id = decodeURIComponent(url.pathname.split('/data_sources/')[1]);
      sent.push({ method, pageId: '', dataSource: id, startedAt: clock.now(), endedAt: clock.now() });
      const properties = Object.fromEntries((schemas.get(id) ?? []).map((property) => [property.name, property]));
      return json(200, { object: 'data_source', id, properties });
    }
    const [page, property] = url.pathname.split('/pages/')[1].split('/properties/');
    const pageId = decodeURIComponent(page);
    const body = init?.body
      ? (JSON.parse(String(init.body)) as { properties?: Record<string, PropertyValue>; in_trash?: boolean })
      : undefined;
    const record: Sent = {
      method,
      pageId,
      ...(property === undefined ? {} : { property: decodeURIComponent(property) }),
      startedAt: clock.now(),
      properties: body?.properties,
      inTrash: body?.in_trash,
    };
    sent.push(record);
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    try {
      await clock.sleep(latencyMs);
      const reply = scripted[method].shift();
      if (reply === 'network') throw new TypeError('Failed to fetch');
      if (reply && reply !== 'lost') {
        const headers: Record<string, string> = reply.retryAfter ? { 'retry-after': reply.retryAfter } : {};
        if (reply.byProxy) headers[PROXY_REFUSAL_HEADER] = PROXY_REFUSAL;
        const error = { object: 'error', status: reply.status, code: reply.code, message: reply.message ?? reply.code };
        return json(reply.status, error, headers);
      }
      if (!pages.has(pageId))
        return json(404, { object: 'error', status: 404, code: 'object_not_found', message: 'Could not find page' });
      if (method === 'PATCH' && body!.properties && trashed.has(pageId) && body!.in_trash !== false) {
        const message = "Can't edit block that is archived. You must unarchive the block before editing.";
        return json(400, { object: 'error', status: 400, code: 'validation_error', message });
      }
      if (property !== undefined)
        return json(200, propertyItems(pageId, decodeURIComponent(property), url.searchParams));
      if (method === 'PATCH') {
        pages.set(pageId, { ...pages.get(pageId), ...body!.properties });
        if (body!.in_trash !== undefined) trashed[body!.in_trash ? 'add' : 'delete'](pageId);
      }
      if (reply === 'lost') throw new TypeError('Failed to fetch');
      return json(200, readForm(pageId));
    } finally {
      record.endedAt = clock.now();
      inFlight -= 1;
    }
  };

  return {
    client: createNotionClient({ fetch, accessToken: async () => 'token' }),
    fetch,
    /** Creates or changes a page as someone else would in Notion. */
    setPage: (pageId: string, properties: Record<string, PropertyValue>) =>
      pages.set(pageId, { ...pages.get(pageId), ...properties }),
    valueOf: (pageId: string, propertyId: string) => pages.get(pageId)?.[propertyId],
    /** Moves a page to the trash or out of it, as someone else would in Notion. */
    setTrash: (pageId: string, inTrash: boolean) => trashed[inTrash ? 'add' : 'delete'](pageId),
    inTrash: (pageId: string) => trashed.has(pageId),
    /** Puts a page in a data source whose schema (Notion's property objects) is `properties`. */
    setSchema: (dataSourceId: string, properties: Record<string, unknown>[], ...pageIds: string[]) => {
      schemas.set(dataSourceId, properties);
      for (const pageId of pageIds) parents.set(pageId, dataSourceId);
    },
    script: (method: 'GET' | 'PATCH', ...replies: Reply[]) => scripted[method].push(...replies),
    sent,
    patches: () => sent.filter((request) => request.method === 'PATCH'),
    maxInFlight: () => maxInFlight,
  };
}
