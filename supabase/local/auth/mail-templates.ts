/**
 * The project's own e-mail templates (`[auth.email.template.<kind>]` in config.toml), filled in
 * as GoTrue fills them: `{{ .ConfirmationURL }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`,
 * `{{ .RedirectTo }}` and `{{ .Email }}`. The same file is what `supabase config push` sends to
 * a hosted project, so the link a local mail carries is the link a hosted one carries.
 *
 * What must stay true:
 * - values are HTML-escaped where they land (GoTrue renders with html/template);
 * - a variable the local stack cannot fill (`{{ .Token }}`: we never mail one-time codes, or any
 *   Go template action beyond a plain field) is refused plainly, never rendered empty;
 * - the mail's `links` are the template's `href`s, unescaped, in order.
 */
import { readFile } from 'node:fs/promises';
import type { Mail } from '../context.ts';
import type { EmailTemplate } from '../config.ts';
import { escapeHtml } from '../html.ts';
import { unsupportedLocally } from './errors.ts';

export interface TemplateValues {
  ConfirmationURL: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export function renderTemplate(source: string, values: TemplateValues): string {
  return source.replace(/\{\{-?\s*([^}]*?)\s*-?\}\}/g, (_, action: string) => {
    const name = /^\.([A-Za-z]+)$/.exec(action)?.[1];
    if (!name || !(name in values)) throw unsupportedLocally(`The e-mail template action {{ ${action} }}`);
    return escapeHtml(values[name as keyof TemplateValues]);
  });
}

export async function templatedMail(
  to: string,
  defaultSubject: string,
  template: EmailTemplate & { contentPath: string },
  values: TemplateValues,
): Promise<Mail> {
  const html = renderTemplate(await readFile(template.contentPath, 'utf8'), values);
  const links = [...html.matchAll(/href="([^"]*)"/g)].map((match) => unescapeHtml(match[1]));
  const text = unescapeHtml(html.replace(/<[^>]*>/g, '').replace(/\n{3,}/g, '\n\n')).trim();
  return { to, subject: template.subject ?? defaultSubject, text: `${text}\n${links.join('\n')}\n`, html, links };
}
