/**
 * Stripe's test cards the sandbox knows, by number and by test PaymentMethod token
 * (`pm_card_visa`, …). A number not listed here is refused as unsupported — the hosted pages say
 * so — never treated as some default card.
 *
 * - 4242 4242 4242 4242 (Visa), 5555 5555 5555 4444 (Mastercard), 3782 822463 10005 (Amex): succeed;
 * - 4000 0000 0000 0002: declined, "Your card was declined." (generic_decline);
 * - 4000 0000 0000 9995: declined, "Your card has insufficient funds." (insufficient_funds);
 * - 4000 0000 0000 0341: can be saved, but every charge fails (renewals go past due).
 */
import { cardDeclined } from './errors.ts';
import { newId } from './ids.ts';
import type { PaymentMethodRecord } from './model.ts';
import type { StripeStore } from './store.ts';

export interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex';
  decline?: { code: string; message: string };
  failsCharges?: boolean;
}

export const DECLINED_MESSAGE = 'Your card was declined.';

export const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': { brand: 'visa', decline: { code: 'generic_decline', message: DECLINED_MESSAGE } },
  '4000000000009995': {
    brand: 'visa',
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000341': { brand: 'visa', failsCharges: true },
};

/** Stripe's test PaymentMethod tokens, as the numbers they stand for. */
export const TEST_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export const normalizeCardNumber = (raw: string) => raw.replace(/[\s-]/g, '');

/**
 * A saved card for `number`, attached to `customer` (not stored yet). Throws Stripe's 402
 * card error for a card that is declined on saving; undefined for a number the sandbox does not know.
 */
export function cardPaymentMethod(
  store: StripeStore,
  number: string,
  details: {
    customer: string | null;
    expMonth?: number;
    expYear?: number;
    name?: string | null;
    email?: string | null;
  },
): PaymentMethodRecord | undefined {
  const card = TEST_CARDS[number];
  if (!card) return undefined;
  if (card.decline) throw cardDeclined(card.decline.code, card.decline.message);
  const expYear = details.expYear ?? new Date(store.now() * 1000).getUTCFullYear() + 3;
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      email: details.email ?? null,
      name: details.name ?? null,
      phone: null,
    },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
      exp_month: details.expMonth ?? 12,
      exp_year: expYear,
      fingerprint: number.slice(-8).split('').reverse().join('') + card.brand.slice(0, 4),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      wallet: null,
    },
    created: store.now(),
    customer: details.customer,
    livemode: false,
    metadata: {},
    type: 'card',
    _sandbox: card.failsCharges ? { failsCharges: true } : undefined,
  };
}
