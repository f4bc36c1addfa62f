import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError } from '../../http/errors';
import { linkOrigin } from '../../http/linkOrigin';
import { findStore } from '../../stores';
import { STORE_NOT_FOUND } from '../../catalogue/division';
import { checkFields, normaliseEmail } from '../../auth/validation';
import { escapeHtml, queueMail } from '../../services/mail';
import {
  addItem,
  basketMessages,
  loadBasket,
  recoverFavourites,
  removeItem,
  resolveBasket,
  shareTokenOf,
  toBasketList,
  updateQuantity,
  type AddItemInput,
  type BasketRef,
} from '../../commerce/basket';
import type { BundleOptionInput } from '../../commerce/bundles';
import type { BasketList, BasketListName } from '../../../src/core/api/basket';
import { ID } from '../../http/routeSchemas';

/** Most of one line a shopper can ask for in one call (stock limits the rest). */
export const MAX_QUANTITY = 999;
/** Items one bulk add may carry. */
export const MAX_BULK_ITEMS = 100;

const LIST_NAME = { type: 'string', enum: ['main', 'favourites'] } as const;
const ITEM = {
  type: 'object',
  additionalProperties: false,
  properties: {
    productId: ID,
    productUrl: { type: 'string', minLength: 1, maxLength: 300 },
    // An embedded frame names a variant by its SKU (§5.2 frame add-to-cart "variantId").
    variantSku: { type: 'string', minLength: 1, maxLength: 120 },
    productColor: { type: 'string', maxLength: 100 },
    productSize: { type: 'string', maxLength: 50 },
    quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY },
    key: { type: 'string', maxLength: 200 },
  },
  anyOf: [{ required: ['productId'] }, { required: ['productUrl'] }, { required: ['variantSku'] }],
} as const;
const KEY = { type: 'string', minLength: 1, maxLength: 200 } as const;
/** Most items a bundle's options may name. */
export const MAX_BUNDLE_ITEMS = 50;
/** §7 addItemToCart bundleOptions: the colour and size chosen for each item of a bundle (docs/commerce-contract.md "Bundles"). */
const BUNDLE_OPTIONS = {
  anyOf: [
    {
      type: 'array',
      maxItems: MAX_BUNDLE_ITEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['bundleItemId'],
        properties: {
          bundleItemId: ID,
          productColor: { type: 'string', maxLength: 100 },
          productSize: { type: 'string', maxLength: 50 },
        },
      },
    },
    { type: 'null' },
  ],
} as const;

/**
 * §7 basket and favourites calls. Every answer that changes a list returns that list (the SPA replaces its copy
 * with it, §4). Stock is checked on add and update; the basket follows a signed-in shopper (server/commerce/basket.ts).
 */
export function basketRoutes(app: FastifyInstance, ctx: AppContext) {
  const divisionOf = async (request: FastifyRequest): Promise<number> => {
    const store = await findStore(ctx.db, { host: request.hostname });
    if (!store?.enabled) throw new ApiError(404, STORE_NOT_FOUND);
    return store.id;
  };
  const basketFor = async (request: FastifyRequest, reply: FastifyReply, create: boolean): Promise<BasketRef | null> =>
    resolveBasket(ctx.db, request, reply, await divisionOf(request), create);
  const listOf = async (basket: BasketRef | null, list: BasketListName): Promise<BasketList> =>
    basket ? toBasketList(await loadBasket(ctx.db, basket.id, list)) : { items: [], subtotal: 0, count: 0 };

  app.post<{ Body: { item: AddItemInput; name: BasketListName; bundleOptions?: BundleOptionInput[] | null } }>(
    '/omnis/v3/frontend/product/addItemToCart/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['item', 'name'],
          properties: { item: ITEM, name: LIST_NAME, bundleOptions: BUNDLE_OPTIONS },
        },
      },
    },
    async (request, reply) => {
      const { item, name, bundleOptions } = request.body;
      const basket = (await basketFor(request, reply, true))!;
      await addItem(ctx.db, basket, name, item, bundleOptions);
      return listOf(basket, name);
    },
  );

  app.post<{ Body: { items: AddItemInput[]; name: BasketListName } }>(
    '/omnis/v3/frontend/product/bulkAddItemsToCart/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['items', 'name'],
          properties: { items: { type: 'array', maxItems: MAX_BULK_ITEMS, items: ITEM }, name: LIST_NAME },
        },
      },
    },
    async (request, reply) => {
      const { items, name } = request.body;
      const basket = (await basketFor(request, reply, true))!;
      let added = 0;
      // Positions of the items that could not be added, so a reorder can name them.
      const unavailable: number[] = [];
      for (const [index, item] of items.entries()) {
        try {
          await addItem(ctx.db, basket, name, item);
          added += 1;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          unavailable.push(index);
        }
      }
      // §8: nothing added → 400 with the message the SPA shows as an error snackbar.
      if (added === 0) throw new ApiError(400, basketMessages.noneAdded);
      const list = await listOf(basket, name);
      return added < items.length ? { ...list, message: `${added} of ${items.length} items were added to basket`, unavailable } : list;
    },
  );

  app.post<{ Body: { key: string; name: BasketListName } }>(
    '/omnis/v3/basket/remove/',
    { schema: { body: { type: 'object', required: ['key', 'name'], properties: { key: KEY, name: LIST_NAME } } } },
    async (request, reply) => {
      const basket = await basketFor(request, reply, false);
      if (basket) await removeItem(ctx.db, basket.id, request.body.name, request.body.key);
      return listOf(basket, request.body.name);
    },
  );

  app.post<{ Body: { key: string; quantity: number; name: BasketListName } }>(
    '/omnis/v3/basket/update/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['key', 'quantity'],
          properties: { key: KEY, quantity: { type: 'integer', minimum: 0, maximum: MAX_QUANTITY }, name: { ...LIST_NAME, default: 'main' } },
        },
      },
    },
    async (request, reply) => {
      const basket = await basketFor(request, reply, false);
      if (!basket) throw new ApiError(404, basketMessages.itemNotFound);
      await updateQuantity(ctx.db, basket.id, request.body.name, request.body.key, request.body.quantity);
      return listOf(basket, request.body.name);
    },
  );

  for (const list of ['main', 'favourites'] as const) {
    app.get(`/omnis/v3/basket/${list}/list/`, async (request, reply) => listOf(await basketFor(request, reply, false), list));
  }

  app.post<{ Body: { br: string } }>(
    '/omnis/v3/basket/favourites/recover/',
    { schema: { body: { type: 'object', required: ['br'], properties: { br: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request, reply) => {
      const basket = (await basketFor(request, reply, true))!;
      if (!(await recoverFavourites(ctx.db, basket, request.body.br))) throw new ApiError(404, basketMessages.favouritesNotFound);
      return listOf(basket, 'favourites');
    },
  );

  const emailForLater = async (request: FastifyRequest<{ Body: { email: string } }>, reply: FastifyReply) => {
    checkFields({ email: { value: request.body.email, rules: ['required', 'email'] } });
    const basket = await basketFor(request, reply, false);
    const favourites = basket ? await loadBasket(ctx.db, basket.id, 'favourites') : [];
    if (!basket || favourites.length === 0) throw new ApiError(422, basketMessages.favouritesEmpty, { email: [basketMessages.favouritesEmpty] });
    const token = await shareTokenOf(ctx.db, basket.id);
    const link = `${await linkOrigin(ctx.db, request)}/favourites/?br=${encodeURIComponent(token)}`;
    const names = favourites.map((f) => `${f.name}${f.colour ? ` (${f.colour})` : ''}`);
    await queueMail(ctx.db, {
      to: normaliseEmail(request.body.email),
      subject: 'Your favourites, saved for later',
      text: `Here are the favourites you saved:\n\n${names.map((n) => `- ${n}`).join('\n')}\n\nPick up where you left off: ${link}\n`,
      html: `<p>Here are the favourites you saved:</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul><p><a href="${escapeHtml(link)}">Pick up where you left off</a></p>`,
    });
    return { message: basketMessages.emailed };
  };
  const emailSchema = { schema: { body: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 254 } } } } };
  app.post('/omnis/v3/basket/favourites/email-for-later', emailSchema, emailForLater);
  app.post('/omnis/v3/basket/favourites/email-for-later/', emailSchema, emailForLater);
}
