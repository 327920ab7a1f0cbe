/**
 * The mails the auth service sends, with the wording of Supabase's default e-mail templates.
 * They go to the stack's mailer (the local inbox); `links` lists the verify link so tests and
 * people can follow it. The link is a credential: it is never logged.
 */
import type { Mail } from '../context.ts';
import { escapeHtml } from '../html.ts';

function mail(to: string, subject: string, heading: string, lead: string, label: string, link: string): Mail {
  return {
    to,
    subject,
    text: `${heading}\n\n${lead}\n${link}\n`,
    html: `<h2>${heading}</h2>\n\n<p>${lead}</p>\n<p><a href="${escapeHtml(link)}">${label}</a></p>\n`,
    links: [link],
  };
}

export const confirmationMail = (to: string, link: string): Mail =>
  mail(
    to,
    'Confirm Your Signup',
    'Confirm your signup',
    'Follow this link to confirm your user:',
    'Confirm your mail',
    link,
  );

export const recoveryMail = (to: string, link: string): Mail =>
  mail(
    to,
    'Reset Your Password',
    'Reset Password',
    'Follow this link to reset the password for your user:',
    'Reset Password',
    link,
  );
