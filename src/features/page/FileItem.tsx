/**
 * One file of a files property as the page shows it (spec 2 §3, §9): an image previewed (by the
 * spec's extensions), its name as a link, and its kind — a file in Notion with the time its link
 * expires (Notion-hosted URLs are signed for about an hour), an external link, or Notion's own
 * name for a newer kind.
 */
import type { FileShape } from '../../data/notion/codecs/shapes.ts';
import { propertyTexts } from '../../domain/errors/messages.ts';
import { formatNotionDate } from '../../domain/notion/dates.ts';
import { isImageFile } from '../../domain/notion/imageFiles.ts';
import { webHref } from '../../domain/notion/webLinks.ts';

function kindOf(file: FileShape): string {
  if (file.fileType === 'external') return 'External link';
  if (file.fileType === 'unknown') return file.type;
  const expiry = file.expiryTime ? ` · ${propertyTexts.fileExpires(formatNotionDate({ start: file.expiryTime }))}` : '';
  return `File in Notion${expiry}`;
}

export function FileItem({ file }: { file: FileShape }) {
  const href = webHref(file.url);
  return (
    <>
      {href && isImageFile(file) && <img src={href} alt="" className="file-preview" />}
      {href ? (
        <a href={href} target="_blank" rel="noreferrer">
          {file.name}
        </a>
      ) : (
        file.name
      )}{' '}
      <span className="file-kind">{kindOf(file)}</span>
    </>
  );
}
