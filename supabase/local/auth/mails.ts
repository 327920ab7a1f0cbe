/**
 * The mails the auth service sends: the project's template when config.toml names one
 * (mail-templates.ts), else the wording of Supabase's default templates, whose link is
 * GoTrue's `/verify` link (`{{ .ConfirmationURL }}`). They go to the stack's mailer (the local
 * inbox); `links` lists the mail's links so tests and people can follow them. A link is a
 * credential: it is never logged.
 */
import type { EmailTemplateKind } from '../config.ts';
import type { Mail } from '../context.ts';
import { escapeHtml } from '../html.ts';
import type { AuthEnv } from './env.ts';
import { verifyLink } from './links.ts';
import { templatedMail } from './mail-templates.ts';

const DEFAULTS: Record<EmailTemplateKind, { subject: string; heading: string; lead: string; label: string }> = {
  confirmation: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    lead: 'Follow this link to confirm your user:',
    label: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset Password',
    lead: 'Follow this link to reset the password for your user:',
    label: 'Reset Password',
  },
};

const VERIFY_TYPE: Record<EmailTemplateKind, 'signup' | 'recovery'> = { confirmation: 'signup', recovery: 'recovery' };

/** The mail for a link token of `kind`, sent to `to`, leading (after verification) to `redirectTo`. */
export async function linkMail(
  env: AuthEnv,
  kind: EmailTemplateKind,
  to: string,
  token: string,
  redirectTo: string,
): Promise<Mail> {
  const link = verifyLink(env.authUrl, token, VERIFY_TYPE[kind], redirectTo);
  const template = env.stack.config.emailTemplates?.[kind];
  const { subject, heading, lead, label } = DEFAULTS[kind];
  if (template?.contentPath) {
    const values = {
      ConfirmationURL: link,
      TokenHash: token,
      SiteURL: env.stack.config.siteUrl,
      RedirectTo: redirectTo,
      Email: to,
    };
    return templatedMail(to, subject, { ...template, contentPath: template.contentPath }, values);
  }
  return {
    to,
    subject: template?.subject ?? subject,
    text: `${heading}\n\n${lead}\n${link}\n`,
    html: `<h2>${heading}</h2>\n\n<p>${lead}</p>\n<p><a href="${escapeHtml(link)}">${label}</a></p>\n`,
    links: [link],
  };
}
