/**
 * The request headers PostgREST reads besides the query string: `Prefer` (return, count,
 * resolution, missing, handling, max-affected), `Accept` (array or single object),
 * `Accept-Profile`/`Content-Profile` (only the exposed schema) and `Range`.
 *
 * What must stay true: an Accept type we cannot produce (CSV, GeoJSON, plans) is refused with
 * PGRST107 rather than answered as JSON; unknown preferences are ignored unless
 * `handling=strict` asks for PGRST122, as in PostgREST.
 */
import { header, type GatewayRequest } from '../gateway/http.ts';
import { EXPOSED_SCHEMA } from './catalog.ts';
import { invalidRange, mediaTypeUnavailable, notImplemented, RestError, unacceptableSchema } from './errors.ts';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  maxAffected?: number;
  /** The preferences honoured, for the `Preference-Applied` header. */
  applied: string[];
}

const KNOWN: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
};

export function parsePrefer(req: GatewayRequest): Preferences {
  const prefs: Preferences = { applied: [] };
  const invalid: string[] = [];
  const raw = req.headers.prefer;
  const items = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    const [key, value = ''] = item.split('=').map((s) => s.trim());
    if (Object.hasOwn(KNOWN, key) && KNOWN[key].includes(value)) {
      (prefs as unknown as Record<string, string>)[key] = value;
      prefs.applied.push(`${key}=${value}`);
    } else if (key === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value);
      prefs.applied.push(item);
    } else if (key !== 'tx' && key !== 'timezone' && key !== 'params') {
      invalid.push(item);
    }
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return prefs;
}

/** Whether the client asked for a single JSON object (`.single()`), or a JSON array. */
export function acceptsSingleObject(req: GatewayRequest): boolean {
  const raw = header(req, 'accept');
  if (!raw || !raw.trim()) return false;
  const entries = raw
    .split(',')
    .map((entry, order) => {
      const [type, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, params: params.filter((p) => !p.startsWith('q=')), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((e) => e.type && e.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { type, params } of entries) {
    if (params.length > 0 && type.startsWith('application/vnd.pgrst')) continue;
    if (type === 'application/json' || type === 'application/*' || type === '*/*') return false;
    if (type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array') return false;
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return true;
  }
  throw mediaTypeUnavailable(raw.split(',').map((s) => s.trim()));
}

/** Accept-Profile (reads) or Content-Profile (writes) must name the exposed schema. */
export function checkProfile(req: GatewayRequest, write: boolean): void {
  const schema = header(req, write ? 'content-profile' : 'accept-profile');
  if (schema !== undefined && schema !== EXPOSED_SCHEMA) throw unacceptableSchema(schema, [EXPOSED_SCHEMA]);
}

/** A JSON request body is all we take; CSV and form bodies are PostgREST features we skip. */
export function checkContentType(req: GatewayRequest): void {
  const raw = header(req, 'content-type');
  const type = raw?.split(';')[0].trim().toLowerCase();
  if (!type || type === 'application/json') return;
  if (type === 'text/csv' || type === 'application/x-www-form-urlencoded') {
    throw notImplemented(`${type} request bodies are not supported by the local stack; send JSON`);
  }
  throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${type}`);
}

/** The page asked for by `Range: 0-9` intersected with `limit`/`offset`, as PostgREST does. */
export function resolvePage(
  req: GatewayRequest,
  query: { limit?: number; offset: number },
  maxRows: number | undefined,
): { limit?: number; offset: number } {
  if (query.limit !== undefined && query.limit < 0)
    throw invalidRange('Limit should be greater than or equal to zero.');
  let lower = query.offset;
  let upper = query.limit === undefined ? Infinity : query.offset + query.limit - 1;
  const range = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header(req, 'range') ?? '');
  if (range && (req.method === 'GET' || req.method === 'HEAD')) {
    const from = Number(range[1]);
    const to = range[2] === '' ? Infinity : Number(range[2]);
    if (from > to) {
      throw invalidRange('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    }
    lower = Math.max(lower, from);
    upper = Math.min(upper, to);
  }
  let limit = upper === Infinity ? undefined : Math.max(0, upper - lower + 1);
  if (maxRows !== undefined && (limit === undefined || limit > maxRows)) limit = maxRows;
  return { limit, offset: lower };
}
