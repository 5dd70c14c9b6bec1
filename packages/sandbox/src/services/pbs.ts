import type { components } from '@marketkit/sdk';
import { productOf, type SandboxContext, storeOf } from '../core/context.ts';
import { notFound, SandboxError } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import type { SeedProduct, SeedStore } from '../seed/model.ts';
import { availability, currentRating, localize, paginate, productDetail, productSummary } from './views.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

function categoryTree(context: SandboxContext, store: SeedStore, parentId: number | null): S<'Category'>[] {
  return store.categories
    .filter((category) => category.parent_id === parentId)
    .map((category) => {
      const children = categoryTree(context, store, category.category_id);
      const ids = new Set([category.category_id, ...descendants(store, category.category_id)]);
      return {
        category_id: category.category_id,
        category_name: localize(category.name, context.language),
        category_slug: category.category_slug,
        parent_id: category.parent_id,
        image_path: `/assets/${store.name}/categories/${category.category_id}.svg`,
        product_count: store.products.filter(
          (p) => p.detail.category_id !== undefined && ids.has(p.detail.category_id),
        ).length,
        children,
      };
    });
}

function descendants(store: SeedStore, id: number): number[] {
  return store.categories
    .filter((c) => c.parent_id === id)
    .flatMap((c) => [c.category_id, ...descendants(store, c.category_id)]);
}

const matchesText = (_context: SandboxContext, product: SeedProduct, store: SeedStore, text: string) => {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const category = store.categories.find((c) => c.category_id === product.detail.category_id);
  const haystack = [
    ...Object.values(product.name),
    product.detail.short_description ?? '',
    product.detail.product_type_name,
    ...(category ? Object.values(category.name) : []),
  ]
    .join(' ')
    .toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
};

export const pbsHandlers = {
  getContentSettings: ({ query }, context) => {
    const store = context.seed.storeById(query['store-id']);
    if (!store) throw notFound(`No store has id ${query['store-id']}`);
    if (store.settings_unavailable) throw new SandboxError(500, 'The store settings could not be loaded');
    const page = paginate([store.settings], query['page-number'], query['page-limit']);
    return { body: { store_settings_data: page.data, total_count: page.total_count } };
  },

  getLanguages: (_input, context) => {
    const store = storeOf(context);
    return { body: { data: store.languages, total_count: store.languages.length } };
  },

  listCategories: ({ query }, context) => {
    const store = storeOf(context);
    if (query.parent_id !== undefined && !store.categories.some((c) => c.category_id === query.parent_id)) {
      throw notFound(`Category ${query.parent_id} was not found`);
    }
    const tree = categoryTree(context, store, query.parent_id ?? null);
    return { body: paginate(tree, query.page_number, query.page_limit, 50) };
  },

  listProducts: ({ query }, context) => {
    const store = storeOf(context);
    let products = store.products;
    if (query.category_id !== undefined) {
      const ids = new Set([query.category_id, ...descendants(store, query.category_id)]);
      products = products.filter((p) => p.detail.category_id !== undefined && ids.has(p.detail.category_id));
    }
    if (query.search) products = products.filter((p) => matchesText(context, p, store, query.search ?? ''));
    if (query.product_type)
      products = products.filter((p) => p.detail.product_type_name === query.product_type);
    if (query.item_type) {
      const kinds = query.item_type.split(',');
      products = products.filter((p) => kinds.includes(p.detail.item_type));
    }
    if (query.is_deal !== undefined)
      products = products.filter((p) => (p.detail.is_deal ?? false) === query.is_deal);
    const min = query.min_price;
    const max = query.max_price;
    if (min !== undefined) products = products.filter((p) => p.detail.final_price >= min);
    if (max !== undefined) products = products.filter((p) => p.detail.final_price <= max);
    // A saved pincode narrows the list to what is delivered there (the SDK sends it as `pin-code`).
    const pincode = context.url.searchParams.get('pin-code');
    if (pincode && /^[0-9]{4,10}$/.test(pincode))
      products = products.filter(
        (p) => availability(store, p, pincode, context.now).available || p.detail.quantity <= 0,
      );
    const discountOf = (p: SeedProduct) =>
      p.detail.product_price > 0
        ? (p.detail.product_price - p.detail.final_price) / p.detail.product_price
        : 0;
    const sorted = [...products];
    switch (query.sort ?? 'relevance') {
      case 'price_asc':
        sorted.sort((a, b) => a.detail.final_price - b.detail.final_price);
        break;
      case 'price_desc':
        sorted.sort((a, b) => b.detail.final_price - a.detail.final_price);
        break;
      case 'newest':
        sorted.sort((a, b) => b.created_rank - a.created_rank);
        break;
      case 'rating':
        sorted.sort(
          (a, b) => currentRating(context.state, b).rating - currentRating(context.state, a).rating,
        );
        break;
      case 'discount':
        sorted.sort((a, b) => discountOf(b) - discountOf(a));
        break;
      default:
        break;
    }
    const page = paginate(sorted, query.page_number, query.page_limit, store.settings.items_per_page);
    const maxPrice = Math.max(0, ...store.products.map((p) => p.detail.final_price));
    return {
      body: {
        ...page,
        data: page.data.map((p) => productSummary(context, p)),
        max_price: Math.min(store.settings.max_product_price, maxPrice),
      },
    };
  },

  getProduct: ({ path }, context) => {
    const store = storeOf(context);
    return { body: productDetail(context, productOf(context, store, path.productId)) };
  },

  checkProductAvailability: ({ path, query }, context) => {
    const store = storeOf(context);
    const product = productOf(context, store, path.productId);
    return {
      body: {
        product_id: product.detail.product_id,
        pincode: query.pincode,
        ...availability(store, product, query.pincode, context.now),
      },
    };
  },

  searchCatalog: ({ query }, context) => {
    const store = storeOf(context);
    const limit = query.page_limit ?? 8;
    const products = store.products.filter((p) => matchesText(context, p, store, query.search_text));
    const needle = query.search_text.trim().toLowerCase();
    const categories = store.categories
      .filter((c) => Object.values(c.name).some((name) => name?.toLowerCase().includes(needle)))
      .map((c) => ({ category_id: c.category_id, category_name: localize(c.name, context.language) }));
    const suggestions = [...new Set(products.map((p) => localize(p.name, context.language)))].slice(0, 5);
    return {
      body: {
        products: products.slice(0, limit).map((p) => productSummary(context, p)),
        categories: categories.slice(0, limit),
        suggestions,
      },
    };
  },

  listFaqs: ({ query }, context) => {
    const store = storeOf(context);
    if (query.product_id !== undefined) productOf(context, store, query.product_id);
    const faqs = store.faqs.filter((f) =>
      query.product_id === undefined ? f.product_id === null : f.product_id === query.product_id,
    );
    return { body: paginate(faqs, query.page_number, query.page_limit, 20) };
  },

  listRatings: ({ query }, context) => {
    const store = storeOf(context);
    const product = productOf(context, store, query.product_id);
    const seeded = store.ratings.filter((r) => r.product_id === product.detail.product_id);
    const written: S<'ProductRating'>[] = context.state.ratings
      .filter((r) => r.product_id === product.detail.product_id)
      .map((r) => ({
        rating_id: r.rating_id,
        product_id: r.product_id,
        rating: r.rating,
        title: r.title || null,
        review: r.review || null,
        customer_name: r.customer_name,
        verified_purchase: context.state.orders.some(
          (o) => o.customer_id === r.customer_id && o.items.some((i) => i.product_id === r.product_id),
        ),
        created_at: r.created_at,
      }));
    const all = [...written, ...seeded].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const rating of all) distribution[rating.rating as 1 | 2 | 3 | 4 | 5] += 1;
    const average =
      all.length === 0 ? 0 : Math.round((all.reduce((sum, r) => sum + r.rating, 0) / all.length) * 10) / 10;
    return {
      body: {
        ...paginate(all, query.page_number, query.page_limit, 10),
        average_rating: average,
        rating_count: all.length,
        distribution,
      },
    };
  },

  listPolicies: (_input, context) => {
    const store = storeOf(context);
    return {
      body: { data: store.policies.map(({ slug, title, updated_at }) => ({ slug, title, updated_at })) },
    };
  },

  getPolicy: ({ path }, context) => {
    const store = storeOf(context);
    const policy = store.policies.find((p) => p.slug === path.slug);
    if (!policy) throw notFound(`There is no policy called ${path.slug}`);
    return { body: policy };
  },
} satisfies Partial<ContractHandlers>;
