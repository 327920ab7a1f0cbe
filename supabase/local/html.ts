/**
 * Text into HTML for the local stack's own pages and mails (inbox, Slack sink, auth mails):
 * the five characters that could open markup or end an attribute become entities.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
