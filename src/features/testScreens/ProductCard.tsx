/** One product of /stripe-test: name, description, features, most-popular badge and every price. */
import type { Product } from '../../domain/billing/plans.ts';
import { isMostPopular, planFeatures } from '../../domain/billing/plans.ts';
import { formatPrice, type Price } from '../../domain/billing/prices.ts';

const priceText = (price: Price) =>
  price.unit_amount === null || price.unit_amount === undefined
    ? 'No amount'
    : `${formatPrice(price.unit_amount, price.currency, 2)}${price.recurring ? ` / ${price.recurring.interval}` : ''}`;

export function ProductCard({ product }: { product: Product }) {
  const features = planFeatures(product);
  return (
    <li className="test-card" data-testid="product-card">
      <h3>{product.name}</h3>
      {isMostPopular(product) && <p className="badge">Most popular</p>}
      {product.description && <p>{product.description}</p>}
      {features.length > 0 && (
        <ul aria-label={`${product.name} features`}>
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      )}
      <ul aria-label={`${product.name} prices`}>
        {product.prices.map((price) => (
          <li key={price.id}>{priceText(price)}</li>
        ))}
      </ul>
    </li>
  );
}
