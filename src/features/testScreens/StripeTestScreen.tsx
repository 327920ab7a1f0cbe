/**
 * /stripe-test (spec 2 §2 "loads products, cards with name, description, features,
 * most-popular badge, prices, raw-data toggle; three hardcoded sample plans (9.99, 19.99, 49.99
 * per month); simulated subscription states (active, trial, canceled, none)", §8 'Failed to
 * load products: {message or Unknown}', 'No products found...').
 */
import { samplePlanPriceText } from '../../domain/testScreens/priceTexts.ts';
import { SAMPLE_PLANS } from '../../domain/testScreens/samplePlans.ts';
import { testScreenTexts } from '../../domain/errors/messages.ts';
import { ErrorMessage } from '../../ui/ErrorMessage.tsx';
import { Button } from '../../ui/Button.tsx';
import { useRetryableLoad } from '../../ui/useRetryableLoad.ts';
import { loadTestProducts, productsFailureText } from './actions.ts';
import { ProductCard } from './ProductCard.tsx';
import { RawJson } from './RawJson.tsx';
import { SimulatedStates } from './SimulatedStates.tsx';
import './testScreens.css';

function Products() {
  const { load, retry } = useRetryableLoad(loadTestProducts, productsFailureText);
  if (load.state === 'loading') return <p aria-busy="true">Loading…</p>;
  if (load.state === 'error')
    return (
      <>
        <ErrorMessage message={load.message} />
        <Button onPress={retry}>Retry</Button>
      </>
    );
  if (load.data.length === 0) return <p>{testScreenTexts.noProducts}</p>;
  return (
    <>
      <ul className="test-cards">
        {load.data.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      <RawJson what="data" value={load.data} />
    </>
  );
}

export function StripeTestScreen() {
  return (
    <main className="screen test-screen">
      <h1>Stripe test</h1>
      <section aria-labelledby="products-title">
        <h2 id="products-title">Products</h2>
        <Products />
      </section>
      <section aria-labelledby="samples-title">
        <h2 id="samples-title">Sample plans</h2>
        <ul className="test-cards">
          {SAMPLE_PLANS.map((plan) => (
            <li key={plan.name} className="test-card" data-testid="sample-plan">
              <h3>{plan.name}</h3>
              <p>{samplePlanPriceText(plan)}</p>
            </li>
          ))}
        </ul>
      </section>
      <SimulatedStates />
    </main>
  );
}
