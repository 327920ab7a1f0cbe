/**
 * A page icon that does not expire (issue 34). LinkedIn's photo URLs carry an expiry (`e=`) and
 * break in Notion weeks after Add set them as the page's external icon (spec 2 §7 "create
 * profile (with avatar URL)"). So Add asks Notion to import the photo (File Upload API,
 * `mode: "external_url"`: Notion fetches it from LinkedIn's media host) and sets the page icon
 * to the upload — Notion keeps the file, read back as a Notion-hosted `file` icon.
 *
 * What must stay true:
 * - the import is asked only for a LinkedIn media URL (the rule the proxy enforces too);
 * - Add never waits long for it nor fails because of it: the upload's status is read at most
 *   `ICON_IMPORT_CHECKS` times, `ICON_IMPORT_POLL_MS` apart; anything but `uploaded` by then — a
 *   refusal, an error, a failed or slow import — gives the external icon, as before;
 * - the answers are outside data: checked with zod.
 */
import * as z from 'zod/mini';
import { isLinkedInMediaUrl } from '../../domain/linkedin/media.ts';
import type { NotionClient } from './client.ts';

/** Reads of the upload's status after the import is asked (the first at once). */
export const ICON_IMPORT_CHECKS = 3;
/** Pause between two reads of a pending import. */
export const ICON_IMPORT_POLL_MS = 500;
/** LinkedIn's profile photos are JPEG; the name tells Notion the type (its URL has no extension). */
const AVATAR_FILENAME = 'linkedin-avatar.jpg';

export interface FileImport {
  external_url: string;
  filename: string;
}

const fileUpload = z.object({
  id: z.string(),
  status: z.enum(['pending', 'uploaded', 'expired', 'failed']),
});
export type NotionFileUpload = z.infer<typeof fileUpload>;

export type PageIcon =
  { type: 'file_upload'; file_upload: { id: string } } | { type: 'external'; external: { url: string } };

export type FileUploadApi = Pick<NotionClient, 'importFile' | 'fileUpload'>;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The icon for a new page from the avatar's URL: the imported file, else the URL itself. */
export async function durableIcon(
  api: FileUploadApi,
  workspaceId: string,
  avatarUrl: string,
  sleep: (ms: number) => Promise<void> = pause,
): Promise<PageIcon> {
  const external: PageIcon = { type: 'external', external: { url: avatarUrl } };
  if (!isLinkedInMediaUrl(avatarUrl)) return external;
  try {
    let upload = fileUpload.parse(
      await api.importFile(workspaceId, { external_url: avatarUrl, filename: AVATAR_FILENAME }),
    );
    for (let check = 0; upload.status === 'pending' && check < ICON_IMPORT_CHECKS; check++) {
      if (check > 0) await sleep(ICON_IMPORT_POLL_MS);
      upload = fileUpload.parse(await api.fileUpload(workspaceId, upload.id));
    }
    return upload.status === 'uploaded' ? { type: 'file_upload', file_upload: { id: upload.id } } : external;
  } catch {
    return external; // the import is a nicety: Add goes on with the link it always had
  }
}
