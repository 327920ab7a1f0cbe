/**
 * A property value in Notion's write form, as one short line for the outbox's failed and
 * conflict lists ("Keep mine" shows ours beside theirs): text as text, options by name,
 * relations, people and files by count, an empty value as "(empty)".
 */
type Value = Record<string, unknown> | null | undefined;

/** The plain text of a title or rich-text array, read form (`plain_text`) or write form (`text.content`). */
export const plainText = (parts: unknown): string =>
  Array.isArray(parts)
    ? parts
        .map(
          (part: { plain_text?: string; text?: { content?: string } }) => part.plain_text ?? part.text?.content ?? '',
        )
        .join('')
    : '';
/** The plain text of a page's title (the property holding a `title` array, read or write form); '' without one. */
export function titleText(properties: Record<string, unknown> | null | undefined): string {
  for (const value of Object.values(properties ?? {})) {
    const title = (value as { title?: unknown } | null)?.title;
    if (Array.isArray(title)) return plainText(title);
  }
  return '';
}
const named = (option: unknown) => (option as { name?: string } | null)?.name ?? '';
const count = (items: unknown, one: string, many: string) => {
  const n = Array.isArray(items) ? items.length : 0;
  return `${n} ${n === 1 ? one : many}`;
};

export function valueText(value: Value): string {
  if (!value) return '(empty)';
  const [type, content] = Object.entries(value).find(([key]) => key !== 'type' && key !== 'id') ?? [];
  let text: string;
  switch (type) {
    case 'title':
    case 'rich_text':
      text = plainText(content);
      break;
    case 'select':
    case 'status':
      text = named(content);
      break;
    case 'multi_select':
      text = Array.isArray(content) ? content.map(named).join(', ') : '';
      break;
    case 'date':
      text = (content as { start?: string } | null)?.start ?? '';
      break;
    case 'checkbox':
      text = content ? 'Checked' : 'Unchecked';
      break;
    case 'relation':
      text = count(content, 'page', 'pages');
      break;
    case 'people':
      text = count(content, 'person', 'people');
      break;
    case 'files':
      text = count(content, 'file', 'files');
      break;
    case 'in_trash': // an archive queued in the outbox (src/data/outbox/pagePatch.ts)
      text = content ? 'Moved to trash' : 'Restored from trash';
      break;
    default:
      text = content === null || content === undefined ? '' : String(content);
  }
  return text === '' ? '(empty)' : text;
}
