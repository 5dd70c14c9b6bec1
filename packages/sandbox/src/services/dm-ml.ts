import type { components } from '@marketkit/sdk';
import { customerOf } from '../core/context.ts';
import { randomId } from '../core/crypto.ts';
import { forbidden, notFound } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import type { SeedProduct } from '../seed/model.ts';
import { currentRating, localize, productSummary } from './views.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'for',
  'me',
  'i',
  'do',
  'you',
  'have',
  'any',
  'is',
  'are',
  'of',
  'to',
  'what',
  'show',
  'with',
  'and',
  'or',
  'in',
  'my',
  'some',
  'can',
  'find',
  'under',
  'below',
  'less',
  'than',
  'cheap',
  'please',
  'want',
  'need',
  'looking',
]);

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));

export const dmMlHandlers = {
  listRecommendations: ({ query }, context) => {
    const store = context.seed.storeById(query['store-id']);
    if (!store) throw notFound(`No store has id ${query['store-id']}`);
    const limit = query.page_limit ?? 10;
    const popularity = (p: SeedProduct) =>
      currentRating(context.state, p).rating * Math.log2(2 + (p.detail.rating_count ?? 0));
    let strategy: 'similar' | 'popular' | 'recently_viewed_based' = 'popular';
    let picks: SeedProduct[] = [];
    if (query.product_id !== undefined) {
      const base = store.products.find((p) => p.detail.product_id === query.product_id);
      if (!base) throw notFound(`Product ${query.product_id} was not found`);
      strategy = 'similar';
      const sameCategory = store.products.filter(
        (p) => p !== base && p.detail.category_id === base.detail.category_id,
      );
      const sameType = store.products.filter(
        (p) =>
          p !== base &&
          !sameCategory.includes(p) &&
          p.detail.product_type_name === base.detail.product_type_name,
      );
      picks = [...sameCategory, ...sameType];
    } else if (query.recently_viewed) {
      const seen = new Set(query.recently_viewed.split(',').map(Number));
      const categories = new Set(
        store.products.filter((p) => seen.has(p.detail.product_id)).map((p) => p.detail.category_id),
      );
      strategy = 'recently_viewed_based';
      picks = store.products
        .filter((p) => !seen.has(p.detail.product_id) && categories.has(p.detail.category_id))
        .sort((a, b) => popularity(b) - popularity(a));
    }
    if (picks.length < limit) {
      const rest = store.products
        .filter((p) => !picks.includes(p) && p.detail.product_id !== query.product_id)
        .sort((a, b) => popularity(b) - popularity(a));
      picks = [...picks, ...rest];
    }
    return { body: { strategy, data: picks.slice(0, limit).map((p) => productSummary(context, p)) } };
  },

  askAi: ({ body }, context) => {
    const { store } = customerOf(context);
    if (!store.ai.ask_ai) throw forbidden('The shopping assistant is not enabled for this store');
    const question = body.question;
    const terms = words(question);
    const budgetMatch = /(?:under|below|less than|<)\s*(?:[^\d\s]{0,3})\s*(\d+(?:[.,]\d+)?)/i.exec(question);
    const budget = budgetMatch ? Number(budgetMatch[1]?.replace(',', '.')) : undefined;
    const scored = store.products
      .map((product) => {
        const category = store.categories.find((c) => c.category_id === product.detail.category_id);
        const parent = category?.parent_id
          ? store.categories.find((c) => c.category_id === category.parent_id)
          : undefined;
        const haystack = words(
          [
            ...Object.values(product.name),
            ...(category ? Object.values(category.name) : []),
            ...(parent ? Object.values(parent.name) : []),
            product.detail.product_type_name,
          ].join(' '),
        );
        const score = terms.filter((t) => haystack.some((h) => h.startsWith(t) || t.startsWith(h))).length;
        return { product, score };
      })
      .filter((entry) => (terms.length === 0 ? budget !== undefined : entry.score > 0))
      .filter(
        (entry) =>
          budget === undefined ||
          (entry.product.detail.price_visibility && entry.product.detail.final_price <= budget),
      )
      .sort(
        (a, b) =>
          b.score - a.score ||
          currentRating(context.state, b.product).rating - currentRating(context.state, a.product).rating,
      )
      .slice(0, 3);
    const categories: S<'AiCategoryMention'>[] = store.categories
      .filter((c) => terms.some((t) => words(Object.values(c.name).join(' ')).some((w) => w.startsWith(t))))
      .slice(0, 3)
      .map((c) => ({
        category_id: c.category_id,
        category_name: localize(c.name, context.language),
        link: `/productListing?category=${c.category_id}`,
      }));
    const products: S<'AiProductMention'>[] = scored.map(({ product }) => ({
      product_id: product.detail.product_id,
      product_name: localize(product.name, context.language),
      product_image: product.detail.images[0] ?? '',
      final_price: product.detail.final_price,
      link: `/ProductDetails?productId=${product.detail.product_id}`,
    }));
    const currency = store.settings.store_currency?.symbol ?? '₹';
    const answer =
      products.length > 0
        ? `Here is what I found for “${question.trim()}”: ${scored
            .map(({ product }) =>
              product.detail.price_visibility
                ? `${localize(product.name, context.language)} (${currency} ${product.detail.final_price.toFixed(2)})`
                : localize(product.name, context.language),
            )
            .join('; ')}.`
        : `I could not find products matching “${question.trim()}”. Try asking about ${store.categories
            .filter((c) => c.parent_id === null)
            .slice(0, 3)
            .map((c) => localize(c.name, context.language))
            .join(', ')}.`;
    return {
      body: { answer, products, categories, conversation_id: body.conversation_id ?? `conv_${randomId(9)}` },
    };
  },
} satisfies Partial<ContractHandlers>;
