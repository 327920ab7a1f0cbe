/** One product of /stripe-test: name, description, features, most-popular badge and every price. */
import type { Product } from '../../domain/billing/plans.ts';
import { isMostPopular, planFeatures } from '../../domain/billing/plans.ts';
import { productPriceText } from '../../domain/testScreens/priceTexts.ts';

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
          <li key={price.id}>{productPriceText(price)}</li>
        ))}
      </ul>
    </li>
  );
}
