import { PRODUCT_NAME } from '../../domain/product.ts';

/** MissingContext (spec 1 §2): open a LinkedIn profile page; refresh after logging in. */
export function MissingContextScreen() {
  return (
    <main className="screen narrow">
      <h1>Open a LinkedIn profile page to use {PRODUCT_NAME}.</h1>
      <p className="hint">If you just logged in, refresh the LinkedIn page.</p>
    </main>
  );
}
