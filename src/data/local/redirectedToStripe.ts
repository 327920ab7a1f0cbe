/**
 * The `redirectedToStripe` flag (spec 2 §3 local storage, §4 back button): set just before the
 * browser leaves for the hosted checkout or portal, cleared by the header's back button on
 * /account (src/domain/billing/checkoutReturn.ts decides what it means).
 */
import { REDIRECTED_TO_STRIPE_KEY, REDIRECTED_TO_STRIPE_VALUE } from '../../domain/billing/checkoutReturn.ts';

export function markRedirectedToStripe(): void {
  try {
    localStorage.setItem(REDIRECTED_TO_STRIPE_KEY, REDIRECTED_TO_STRIPE_VALUE);
  } catch {
    // storage refused (private mode, full): the back button then follows the usual rules
  }
}

/** The stored value (null when absent or unreadable). */
export function storedRedirectedToStripe(): string | null {
  try {
    return localStorage.getItem(REDIRECTED_TO_STRIPE_KEY);
  } catch {
    return null;
  }
}

export function clearRedirectedToStripe(): void {
  try {
    localStorage.removeItem(REDIRECTED_TO_STRIPE_KEY);
  } catch {
    // nothing to clear
  }
}
