/**
 * Notion's File Upload API as Sidenote uses it (issue 34, a page icon that does not expire):
 * `POST /file_uploads` in `external_url` mode (Notion imports the file itself) and
 * `GET /file_uploads/{id}`; and what attaching one does, `fileUploadIcon` (a page's
 * `icon: {type: "file_upload", file_upload: {id}}`, read back as a Notion-hosted `file`).
 *
 * As Notion answers (developers.notion.com "Create a file upload", "Importing external files",
 * "File Upload" object), what must stay true:
 * - create answers a File Upload object with status `pending`; an `external_url` must be https
 *   with a filename (400 validation_error otherwise); the import runs in the background, so the
 *   first read after the create sees it finished: `uploaded` with `file_import_result` success —
 *   or `failed` with an error result for a URL the sandbox treats as unreachable (host
 *   `unreachable.invalid`, for tests);
 * - `single_part`/`multi_part` (bytes sent to `/send`) are not served: Sidenote sends no bytes;
 * - only an `uploaded` upload of the same workspace can be attached, once; a pending, failed or
 *   unknown one is a 400 validation_error, like Notion's;
 * - an upload not attached within an hour expires (`expiry_time`).
 */
import type { Handler, RequestContext } from './context.ts';
import { isObject } from './context.ts';
import { notFound, validation } from './errors.ts';
import { newId, normalizeId } from './ids.ts';
import { notionNow } from './store.ts';

const HOUR_MS = 3_600_000;
/** An external URL on this host never imports (lets tests see a failed import). */
export const UNREACHABLE_HOST = 'unreachable.invalid';

export interface FileUploadRecord {
  id: string;
  workspaceId: string;
  status: 'pending' | 'uploaded' | 'failed' | 'expired';
  filename: string;
  contentType: string | null;
  externalUrl: string;
  createdTime: string;
  lastEditedTime: string;
  expiryTime: string;
  attached: boolean;
}

/** The uploads of the sandbox's state (kept beside its pages; absent in older saved states). */
const uploadsOf = (ctx: RequestContext): FileUploadRecord[] => {
  const state = ctx.store.state as { fileUploads?: FileUploadRecord[] };
  return (state.fileUploads ??= []);
};

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

function render(upload: FileUploadRecord, workspaceBot: string): Record<string, unknown> {
  const finished = upload.status === 'uploaded' || upload.status === 'failed';
  return {
    object: 'file_upload',
    id: upload.id,
    created_time: upload.createdTime,
    last_edited_time: upload.lastEditedTime,
    expiry_time: upload.status === 'uploaded' && upload.attached ? null : upload.expiryTime,
    archived: false,
    in_trash: false,
    status: upload.status,
    filename: upload.filename,
    content_type: upload.contentType,
    content_length: upload.status === 'uploaded' ? 48_213 : null,
    created_by: { id: workspaceBot, type: 'bot' },
    ...(finished
      ? {
          file_import_result:
            upload.status === 'uploaded'
              ? { imported_time: upload.lastEditedTime, type: 'success', success: {} }
              : {
                  imported_time: upload.lastEditedTime,
                  type: 'error',
                  error: {
                    type: 'download_error',
                    code: 'file_download_failed',
                    message: 'Unable to download the file from the external URL.',
                    parameter: null,
                    status_code: null,
                  },
                },
        }
      : {}),
  };
}

/** The background import, done by the time anyone looks: uploaded, or failed for the unreachable host. */
function settle(upload: FileUploadRecord): boolean {
  if (upload.status === 'pending' && Date.parse(upload.expiryTime) <= Date.now()) upload.status = 'expired';
  if (upload.status !== 'pending') return false;
  upload.status = new URL(upload.externalUrl).hostname === UNREACHABLE_HOST ? 'failed' : 'uploaded';
  upload.lastEditedTime = notionNow();
  return true;
}

export const createFileUpload: Handler = (ctx) => {
  const { body } = ctx;
  const mode = body.mode ?? 'single_part';
  if (mode !== 'external_url')
    throw validation(
      'body failed validation: this sandbox imports files from an external URL only (body.mode should be `"external_url"`).',
    );
  const filename = body.filename;
  if (typeof filename !== 'string' || filename.trim() === '' || new TextEncoder().encode(filename).length > 900)
    throw validation('body failed validation: body.filename should be a non-empty string of at most 900 bytes.');
  let url: URL;
  try {
    url = new URL(String(body.external_url));
  } catch {
    throw validation('body failed validation: body.external_url should be a valid URL.');
  }
  if (url.protocol !== 'https:') throw validation('The external URL must be SSL-enabled (https).');
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const contentType = typeof body.content_type === 'string' ? body.content_type : CONTENT_TYPES[extension ?? ''];
  if (!contentType) throw validation('Provide a filename with a supported extension, or a supported content_type.');
  const now = new Date();
  const upload: FileUploadRecord = {
    id: newId(),
    workspaceId: ctx.workspace.id,
    status: 'pending',
    filename,
    contentType,
    externalUrl: url.href,
    createdTime: notionNow(),
    lastEditedTime: notionNow(),
    expiryTime: new Date(now.getTime() + HOUR_MS).toISOString(),
    attached: false,
  };
  uploadsOf(ctx).push(upload);
  return { body: render(upload, ctx.workspace.botId), changed: true };
};

function uploadOf(ctx: RequestContext, raw: unknown): FileUploadRecord | undefined {
  const id = normalizeId(raw);
  return id ? uploadsOf(ctx).find((u) => u.id === id && u.workspaceId === ctx.workspace.id) : undefined;
}

export const retrieveFileUpload: Handler = (ctx) => {
  const upload = uploadOf(ctx, ctx.params[0]);
  if (!upload) throw notFound('file_upload', normalizeId(ctx.params[0]) ?? String(ctx.params[0]));
  const changed = settle(upload);
  return { body: render(upload, ctx.workspace.botId), changed };
};

/**
 * A page icon naming a file upload, as stored and read back: Notion-hosted (`type: "file"`, a
 * signed URL that expires, re-signed on each read by Notion; here signed once); undefined when
 * `value` does not name one. Marks the upload attached.
 */
export function fileUploadIcon(ctx: RequestContext, value: unknown): unknown {
  if (!isObject(value) || (value.type ?? 'file_upload') !== 'file_upload' || !isObject(value.file_upload))
    return undefined;
  const upload = uploadOf(ctx, value.file_upload.id);
  if (upload) settle(upload);
  if (!upload || upload.status !== 'uploaded' || upload.attached)
    throw validation(
      `body failed validation: body.icon.file_upload.id names no file upload with status \`uploaded\` that can be attached (${String(value.file_upload.id)}).`,
    );
  upload.attached = true;
  const expiry = new Date(Date.now() + HOUR_MS).toISOString();
  const url = `https://prod-files-secure.s3.us-west-2.amazonaws.com/${ctx.workspace.id}/${upload.id}/${encodeURIComponent(upload.filename)}`;
  return { type: 'file', file: { url, expiry_time: expiry } };
}
