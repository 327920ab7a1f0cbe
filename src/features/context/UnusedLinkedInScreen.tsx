import { PRODUCT_NAME } from '../../domain/product.ts';

/** On LinkedIn, but not on a profile page (spec 2 §2). */
export function UnusedLinkedInScreen() {
  return (
    <main className="screen narrow">
      <h1>You are on LinkedIn. Open a LinkedIn profile page to use {PRODUCT_NAME}</h1>
    </main>
  );
}
