import { ApiProblem } from '../http/api-problem';
import type { HandlerContext, Handlers } from '../http/handler';
import { enforceRateLimits } from '../rate-limits';
import type { ProductLookup } from './product-lookup';
import { ProductUnavailableError, type ProductMetadata } from './product-metadata';

/** A look-up can fetch a page from another site on the caller's behalf. */
const lookupsPerIpPerMinute = 60;

/** The app's product lookup, which buildApp gives every app. */
export function productLookupOf({ products }: HandlerContext): ProductLookup {
  if (!products) throw new Error('The app was built without a product lookup');
  return products;
}

async function answer(
  context: HandlerContext,
  ip: string,
  find: (products: ProductLookup) => Promise<ProductMetadata | null>,
) {
  await enforceRateLimits(context.db, context.clock.now(), [
    { key: `product-metadata:ip:${ip}`, limit: lookupsPerIpPerMinute, windowSeconds: 60 },
  ]);
  const product = await find(productLookupOf(context)).catch((error: unknown) => {
    if (!(error instanceof ProductUnavailableError)) throw error;
    context.log.warn({ err: error }, 'A product could not be looked up');
    return null;
  });
  if (!product) throw ApiProblem.notFound();
  return { status: 200 as const, body: product };
}

export const productHandlers = {
  getProductMetadata({ query, ip }, context) {
    // The contract's pattern lets through a few addresses no URL parser accepts.
    if (!URL.canParse(query.url)) {
      throw ApiProblem.invalid([
        { fieldName: 'Url', errorCode: 'Format', message: 'This is not a web address.' },
      ]);
    }
    return answer(context, ip, (products) => products.byUrl(query.url));
  },

  getProductMetadataByIsbn({ query, ip }, context) {
    return answer(context, ip, (products) => products.byIsbn(query.isbn));
  },
} satisfies Handlers;
