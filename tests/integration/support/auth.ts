/**
 * Helpers for the auth suites: unique addresses, the local inbox, following an e-mail link
 * the way a browser would (without following the redirect), and reading a JWT's claims.
 */
import { randomBytes } from 'node:crypto';
import type { RunningStack } from '../../../supabase/local/stack.ts';

export interface InboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** Mails to `address`, newest first. */
export async function mailsTo(stack: Pick<RunningStack, 'inboxUrl'>, address: string): Promise<InboxMail[]> {
  const response = await fetch(`${stack.inboxUrl}/api/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as InboxMail[];
}

/** The only link of the newest mail to `address`; fails the test when there is none. */
export async function latestLink(stack: Pick<RunningStack, 'inboxUrl'>, address: string): Promise<string> {
  const [mail] = await mailsTo(stack, address);
  if (!mail) throw new Error(`no mail to ${address}`);
  if (mail.links.length !== 1) throw new Error(`expected one link in "${mail.subject}"`);
  return mail.links[0];
}

export interface FollowedLink {
  status: number;
  /** The Location header as sent. */
  location: string;
  /** Location without its fragment. */
  target: string;
  /** The raw fragment (after `#`). */
  fragment: string;
  params: URLSearchParams;
}

/** Opens an e-mail link like a browser's first request (no redirect following). */
export async function openLink(link: string): Promise<FollowedLink> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location') ?? '';
  const hash = location.indexOf('#');
  const fragment = hash >= 0 ? location.slice(hash + 1) : '';
  return {
    status: response.status,
    location,
    target: hash >= 0 ? location.slice(0, hash) : location,
    fragment,
    params: new URLSearchParams(fragment),
  };
}

export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
