/**
 * A tab came back from the provider's hosted checkout: the app's other documents in this
 * browser hear of it through localStorage's `storage` event. The side panel, which opened the
 * checkout in that tab (src/features/account/hostedPage.ts), then reads the plan again.
 */
const CHECKOUT_RETURNED_KEY = 'checkoutReturnedAt';

export function announceCheckoutReturned(): void {
  try {
    localStorage.setItem(CHECKOUT_RETURNED_KEY, String(Date.now()));
  } catch {
    // storage refused: the panel reads the plan again when the user comes back to it
  }
}

/** Calls `heard` when another document announces a return; answers the unsubscribe. */
export function onCheckoutReturned(heard: () => void): () => void {
  const listen = (event: StorageEvent) => {
    if (event.key === CHECKOUT_RETURNED_KEY) heard();
  };
  window.addEventListener('storage', listen);
  return () => window.removeEventListener('storage', listen);
}
