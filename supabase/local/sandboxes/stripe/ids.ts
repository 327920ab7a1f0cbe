/**
 * Stripe ids: a type prefix and an alphanumeric tail (`cus_Q1w2e3…`, `cs_test_a1B2…`). Seed ids
 * are derived from names (stable across fresh seeds, so docs and tests can name them); ids made
 * at run time are random. Code must treat them as opaque strings, as with Stripe.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function alphanumeric(bytes: Buffer, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i % bytes.length] % ALPHABET.length];
  return out;
}

/** Tail lengths close to Stripe's own. */
const TAIL: Record<string, number> = { cs_test: 58, bps: 24, whsec: 32, sk_test: 99 };

export function newId(prefix: string): string {
  const length = TAIL[prefix] ?? 24;
  return `${prefix}_${alphanumeric(randomBytes(length), length)}`;
}

export function seedId(prefix: string, name: string): string {
  const digest = createHash('sha256').update(`stripe-sandbox:${prefix}:${name}`).digest();
  return `${prefix}_${alphanumeric(digest, prefix === 'prod' ? 14 : 24)}`;
}

/** The object kind an id names, by its prefix (for expansion and "No such …" messages). */
export function kindOfId(id: string): string | undefined {
  const prefix = /^([a-z]+)_/.exec(id)?.[1];
  const kinds: Record<string, string> = {
    prod: 'product',
    price: 'price',
    cus: 'customer',
    pm: 'payment_method',
    sub: 'subscription',
    si: 'subscription_item',
    in: 'invoice',
    cs: 'checkout.session',
    evt: 'event',
  };
  return prefix ? kinds[prefix] : undefined;
}
