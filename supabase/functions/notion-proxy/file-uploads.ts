/**
 * The proxy's File Upload calls (issue 34: a page icon that does not expire) — kept apart from
 * allow-list.ts's page and data-source calls. Sidenote asks Notion to import a profile photo
 * from LinkedIn's media host itself (`mode: "external_url"`), then reads the upload's status; no
 * bytes pass through the browser or our functions, so there is no server-side fetch of an outside
 * URL (no SSRF surface here) and no file size for us to police: Notion enforces its own limits.
 *
 * What must stay true:
 * - only `POST /file_uploads` and `GET /file_uploads/{uuid}`, the upstream path rebuilt from the
 *   checked id;
 * - a create is forwarded only as an `external_url` import of a LinkedIn media URL
 *   (_shared/linkedin-media.ts) with a short filename: the proxy cannot be used to make Notion
 *   fetch any other address, nor to upload bytes (`single_part`, `multi_part`, `/send`).
 */
import { isLinkedInMediaUrl } from '../_shared/linkedin-media.ts';

const UUID = '([0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12})';
const FILENAME_MAX = 200;

export const FILE_UPLOAD_ENDPOINTS = [
  { method: 'POST' as const, pattern: /^\/file_uploads$/, build: () => '/file_uploads' },
  {
    method: 'GET' as const,
    pattern: new RegExp(`^/file_uploads/${UUID}$`),
    build: ([id]: string[]) => `/file_uploads/${id}`,
  },
];

/** Why a request body may not go to Notion (a message for a 400 validation_error), or undefined. */
export function fileUploadBodyRefusal(
  method: string,
  upstreamPath: string,
  body: string | undefined,
): string | undefined {
  if (method !== 'POST' || upstreamPath !== '/file_uploads') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body ?? '');
  } catch {
    parsed = undefined;
  }
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const extra = Object.keys(fields).filter((name) => !['mode', 'external_url', 'filename'].includes(name));
  if (
    fields.mode !== 'external_url' ||
    typeof fields.external_url !== 'string' ||
    !isLinkedInMediaUrl(fields.external_url) ||
    typeof fields.filename !== 'string' ||
    fields.filename.length === 0 ||
    fields.filename.length > FILENAME_MAX ||
    extra.length > 0
  )
    return 'Sidenote imports files only from LinkedIn media URLs (mode "external_url", external_url, filename).';
  return undefined;
}
