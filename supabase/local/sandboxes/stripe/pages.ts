/**
 * What the hosted checkout and portal pages share: the page shell, amounts as Stripe shows them
 * ("$19.99 per month"), the card form and its checks with Stripe's wording.
 */
import { z } from 'zod';
import { escapeHtml } from '../../html.ts';
import { normalizeCardNumber, TEST_CARDS } from './cards.ts';
import type { PriceRecord } from './model.ts';

export { escapeHtml };

export function pageShell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:30rem;margin:2rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 8px #0002}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input,select{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #ccd;border-radius:4px}
button{margin-top:1rem;width:100%;padding:.7rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:4px;cursor:pointer}
button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
.error{color:#df1b41;background:#fff0f3;padding:.5rem;border-radius:4px}
.note{color:#697386;font-size:.85rem}.row{display:flex;gap:.5rem}.row>div{flex:1}
section{border-top:1px solid #e3e8ee;margin-top:1.5rem;padding-top:1rem}
</style></head><body><main>${body}
<p class="note">Stripe sandbox (test mode) — Sidenote local stack.</p></main></body></html>`;
}

export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

export const priceLabel = (price: PriceRecord) =>
  `${formatAmount(price.unit_amount, price.currency)} per ${price.recurring.interval}`;

export const formatDate = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export const TEST_CARD_NOTE = `<p class="note">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is
declined; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 saves but its charges fail.
Any future expiry date and any 3 digits for the CVC.</p>`;

export function cardFields(prefix = ''): string {
  return `<label for="${prefix}cardNumber">Card number</label>
<input id="${prefix}cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<div class="row"><div><label for="${prefix}cardExpiry">Expiration</label>
<input id="${prefix}cardExpiry" name="cardExpiry" placeholder="MM / YY" autocomplete="cc-exp" required></div>
<div><label for="${prefix}cardCvc">CVC</label><input id="${prefix}cardCvc" name="cardCvc" placeholder="CVC" autocomplete="cc-csc" required></div></div>
<label for="${prefix}billingName">Cardholder name</label><input id="${prefix}billingName" name="billingName" autocomplete="cc-name">`;
}

const cardSchema = z.object({
  cardNumber: z.string().default(''),
  cardExpiry: z.string().default(''),
  cardCvc: z.string().default(''),
  billingName: z.string().optional(),
});

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  name: string | null;
}

export const UNSUPPORTED_CARD =
  'This card number is not one of the test cards the Stripe sandbox supports. Use one of the test cards listed below.';

/** The card typed into a form, or Stripe's message for what is wrong with it. */
export function readCard(form: Record<string, unknown>, now: number): CardInput | { error: string } {
  const input = cardSchema.parse(form);
  const number = normalizeCardNumber(input.cardNumber);
  if (!/^\d{12,19}$/.test(number)) return { error: 'Your card number is incomplete.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.cardExpiry);
  if (!expiry) return { error: "Your card's expiration date is incomplete." };
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return { error: "Your card's expiration date is invalid." };
  const today = new Date(now * 1000);
  if (expYear < today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
    return { error: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(input.cardCvc.trim())) return { error: "Your card's security code is incomplete." };
  if (!TEST_CARDS[number]) return { error: UNSUPPORTED_CARD };
  return { number, expMonth, expYear, name: input.billingName?.trim() || null };
}
