/** Request schemas of the checkout and order calls (Fastify ajv). */

const TEXT = (max: number) => ({ type: 'string', maxLength: max }) as const;

export const ADDRESS = {
  type: 'object',
  additionalProperties: false,
  properties: {
    firstName: TEXT(100),
    lastName: TEXT(100),
    company: TEXT(200),
    street: TEXT(300),
    city: TEXT(100),
    state: TEXT(100),
    zip: TEXT(20),
    country: TEXT(2),
    email: TEXT(254),
    eori: TEXT(20),
  },
} as const;

export const PAYMENT = {
  type: 'object',
  additionalProperties: false,
  required: ['method'],
  properties: {
    method: { type: 'string', enum: ['card', 'wallet'] },
    card: {
      type: 'object',
      additionalProperties: false,
      properties: { number: TEXT(30), expiry: TEXT(10), cvc: TEXT(6) },
    },
    walletToken: TEXT(200),
  },
} as const;

export const QUOTE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    country: TEXT(2),
    shippingAddress: ADDRESS,
    shippingMethod: TEXT(50),
    coupon: TEXT(50),
  },
} as const;

export const PLACE_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'shippingAddress', 'shippingMethod', 'payment'],
  properties: {
    email: TEXT(254),
    shippingAddress: ADDRESS,
    billingSameAsShipping: { type: 'boolean', default: true },
    billingAddress: ADDRESS,
    shippingMethod: TEXT(50),
    coupon: TEXT(50),
    payment: PAYMENT,
  },
} as const;

export const PAY_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['payment'],
  properties: { payment: PAYMENT },
} as const;

export const HASH_PARAMS = {
  type: 'object',
  properties: { hash: { type: 'string', maxLength: 64 } },
} as const;
