/**
 * The account page's plan cards (spec 2 §2, §3 Product, §9 ranks, prices, unlimited edits):
 * products read through zod, sorted by rank then name, the most popular badge, features,
 * quotas from metadata, and each card's price per month in the chosen currency and cycle; and
 * which products are Sidenote plans at all.
 */
import { describe, expect, test } from 'vitest';
import {
  DEFAULT_PLAN_RANK,
  isMostPopular,
  parseProducts,
  planCards,
  planFeatures,
  planQuotas,
  planRank,
  sortPlans,
} from '../../src/domain/billing/plans.ts';
import { isUnlimitedNotionEdits, UNLIMITED_NOTION_EDITS } from '../../src/domain/billing/quotaUsage.ts';
import { isSidenotePlan } from '../../supabase/functions/_shared/billing-plans.ts';

const meta = (metadata: Record<string, string>) => ({ metadata });

describe('reading stripe-products', () => {
  const good = { id: 'prod_1', name: 'Pro', metadata: { rank: '2' }, prices: [{ id: 'price_1', currency: 'usd' }] };

  test.each([
    ['{products: […]}', { products: [good], _meta: {} }],
    ['a bare list', [good]],
  ])('reads %s', (_name, body) => {
    expect(parseProducts(body)).toEqual([
      {
        id: 'prod_1',
        name: 'Pro',
        description: null,
        metadata: { rank: '2' },
        marketing_features: [],
        prices: [{ id: 'price_1', currency: 'usd' }],
      },
    ]);
  });

  test('a product or a price that does not parse is left out; the rest stays', () => {
    const body = {
      products: [
        good,
        { id: 'prod_2', name: 42 },
        {
          id: 'prod_3',
          name: 'Team',
          prices: [
            { id: 'p', currency: 'usd', unit_amount: -1 },
            { id: 'q', currency: 'eur' },
          ],
        },
      ],
    };
    expect(parseProducts(body).map((p) => [p.id, p.prices.map((x) => x.id)])).toEqual([
      ['prod_1', ['price_1']],
      ['prod_3', ['q']],
    ]);
  });

  test.each([null, 'x', { products: 'no' }, {}])('an unreadable answer %j is no products', (body) => {
    expect(parseProducts(body)).toEqual([]);
  });
});

describe('sorted by metadata rank (default 999), then name', () => {
  test.each([
    [{ rank: '1' }, 1],
    [{ rank: ' 20 ' }, 20],
    [{ rank: '1.5' }, 1.5],
    [{ rank: 'first' }, DEFAULT_PLAN_RANK],
    [{ rank: '' }, DEFAULT_PLAN_RANK],
    [{}, 999],
  ])('rank of %j is %s', (metadata, rank) => expect(planRank(meta(metadata))).toBe(rank));

  test('rank first, then name (case-insensitive); unranked last', () => {
    const plans = [
      { name: 'Zeta', ...meta({}) },
      { name: 'business', ...meta({ rank: '3' }) },
      { name: 'Alpha', ...meta({}) },
      { name: 'Free', ...meta({ rank: '1' }) },
      { name: 'Agency', ...meta({ rank: '3' }) },
      { name: 'Pro', ...meta({ rank: '2' }) },
    ];
    expect(sortPlans(plans).map((p) => p.name)).toEqual(['Free', 'Pro', 'Agency', 'business', 'Alpha', 'Zeta']);
  });
});

describe('badge, features, quotas', () => {
  test.each([
    [{ most_popular: 'true' }, true],
    [{ most_popular: 'false' }, false],
    [{ most_popular: 'TRUE' }, false],
    [{}, false],
  ])('most popular when metadata says %j → %s', (metadata, popular) => {
    expect(isMostPopular(meta(metadata))).toBe(popular);
  });

  test('features are the marketing features’ names, blanks left out', () => {
    const product = { marketing_features: [{ name: '500 imports' }, { name: ' ' }, {}, { name: 'Priority support' }] };
    expect(planFeatures(product)).toEqual(['500 imports', 'Priority support']);
  });

  test.each([
    [
      { api_quota: '100', notion_pages_quota: '1000' },
      { linkedInImports: 100, notionEdits: 1000, notionEditsUnlimited: false },
    ],
    [
      { api_quota: '10', notion_pages_quota: '100000' },
      { linkedInImports: 10, notionEdits: 100000, notionEditsUnlimited: false },
    ],
    [
      { api_quota: '10', notion_pages_quota: '100001' },
      { linkedInImports: 10, notionEdits: 100001, notionEditsUnlimited: true },
    ],
    [
      { api_quota: 'lots', notion_pages_quota: '-5' },
      { linkedInImports: null, notionEdits: null, notionEditsUnlimited: false },
    ],
    [{}, { linkedInImports: null, notionEdits: null, notionEditsUnlimited: false }],
  ])('quotas from %j', (metadata, quotas) => expect(planQuotas(meta(metadata))).toEqual(quotas));

  test('Notion edits read as unlimited only above 100 000 (one constant)', () => {
    expect(UNLIMITED_NOTION_EDITS).toBe(100_000);
    expect([100_000, 100_001, null, undefined].map(isUnlimitedNotionEdits)).toEqual([false, true, false, false]);
  });
});

describe('the cards for a currency and a cycle', () => {
  const products = parseProducts({
    products: [
      {
        id: 'prod_pro',
        name: 'Pro',
        description: 'For prospectors',
        metadata: { rank: '2', most_popular: 'true', api_quota: '200', notion_pages_quota: '200000' },
        marketing_features: [{ name: 'Unlimited edits' }],
        prices: [
          { id: 'pro_m_usd', currency: 'usd', unit_amount: 1999, recurring: { interval: 'month', interval_count: 1 } },
          { id: 'pro_y_usd', currency: 'usd', unit_amount: 19188, recurring: { interval: 'year', interval_count: 1 } },
          { id: 'pro_y_eur', currency: 'eur', unit_amount: 17988, recurring: { interval: 'year', interval_count: 1 } },
        ],
      },
      {
        id: 'prod_free',
        name: 'Free',
        metadata: { rank: '1' },
        prices: [{ id: 'free', currency: 'usd', unit_amount: 0 }],
      },
    ],
  });

  test('yearly in eur: sorted, the yearly price per month, no price where the plan has none', () => {
    expect(planCards(products, 'eur', 'yearly')).toEqual([
      expect.objectContaining({ productId: 'prod_free', priceId: null, pricePerMonth: null, mostPopular: false }),
      expect.objectContaining({
        productId: 'prod_pro',
        description: 'For prospectors',
        mostPopular: true,
        features: ['Unlimited edits'],
        quotas: { linkedInImports: 200, notionEdits: 200000, notionEditsUnlimited: true },
        priceId: 'pro_y_eur',
        pricePerMonth: '€15',
        cycle: 'yearly',
      }),
    ]);
  });

  test('monthly in usd', () => {
    expect(planCards(products, 'usd', 'monthly').map((c) => [c.name, c.priceId, c.pricePerMonth])).toEqual([
      ['Free', null, null],
      ['Pro', 'pro_m_usd', '$20'],
    ]);
  });
});

describe('which products are Sidenote plans (issue 32, item 9: the only ones offered and sold)', () => {
  test.each([
    ['both quotas', { api_quota: '100', notion_pages_quota: '1000' }, true],
    ['both quotas, zero and padded', { api_quota: '0', notion_pages_quota: ' 50 ' }, true],
    ['no metadata', {}, false],
    ['a plan name but no quotas', { plan_name: 'pro' }, false],
    ['one quota only', { api_quota: '100' }, false],
    ['a malformed quota', { api_quota: '100', notion_pages_quota: 'lots' }, false],
  ])('%s → %s', (_name, metadata, expected) => {
    expect(isSidenotePlan({ name: 'Pro', metadata })).toBe(expected);
  });
});
