/**
 * The local mail inbox (Inbucket's role in `supabase start`): the auth service "sends" its
 * mails here instead of to an SMTP server. People read them at the inbox page; tests read
 * `GET /api/messages` (optionally `?to=`), which answers `[{id, to, subject, text, links, …}]`.
 * `DELETE /api/messages` empties it. Mails are kept in memory only: they are one-shot links.
 */
import { randomUUID } from 'node:crypto';
import type { Mail, Mailer } from '../context.ts';
import { json, type Service } from '../gateway/http.ts';
import { escapeHtml } from '../html.ts';

export interface StoredMail extends Mail {
  id: string;
  receivedAt: string;
}

function page(mails: StoredMail[]): string {
  const items = mails
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to)} · <time>${m.receivedAt}</time></p>
<pre>${escapeHtml(m.text)}</pre>
${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('\n')}</article>`,
    )
    .join('<hr>');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sidenote local inbox</title>
<style>body{font-family:system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap}</style>
</head><body><h1>Local inbox (${mails.length})</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
}

export function createInbox(): { mailer: Mailer; service: Service } {
  const mails: StoredMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.unshift({ ...mail, id: randomUUID(), receivedAt: new Date().toISOString() });
    },
  };
  const service: Service = async (req) => {
    if (req.path === '/api/messages' && req.method === 'GET') {
      const to = req.url.searchParams.get('to')?.toLowerCase();
      return json(200, to ? mails.filter((m) => m.to.toLowerCase() === to) : mails);
    }
    if (req.path === '/api/messages' && req.method === 'DELETE') {
      mails.length = 0;
      return { status: 204 };
    }
    if (req.path === '/' && req.method === 'GET') {
      return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page(mails) };
    }
    return json(404, { message: 'Not found' });
  };
  return { mailer, service };
}
