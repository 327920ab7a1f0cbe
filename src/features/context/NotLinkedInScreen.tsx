import { PRODUCT_NAME } from '../../domain/product.ts';

/** The current tab is not on LinkedIn; also every unknown path (spec 2 §2). */
export function NotLinkedInScreen() {
  return (
    <main className="screen narrow">
      <h1>You are not on LinkedIn. Open a LinkedIn profile page to use {PRODUCT_NAME}</h1>
    </main>
  );
}
