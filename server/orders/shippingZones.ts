import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { ShippingZoneInput, ShippingZoneView } from '../../src/core/api/shipping';

/**
 * Shipping zones of a store (migration 100): a zone covers countries, offers some of the shipping methods at the
 * store's prices and may make its standard rate — the first — free from a goods total. One zone may list no
 * countries: it serves every country the others do not name (the rest of the world).
 */
export interface ZoneRate {
  code: string;
  name: string;
  description: string;
  price: number;
}

export interface ShippingZone {
  id: number;
  name: string;
  countries: string[];
  freeOver: number | null;
  rates: ZoneRate[];
}

export const shippingMessages = {
  zoneName: 'Please give the zone a name.',
  price: 'Please enter a price of 0 or more.',
  freeOver: 'Please enter a free-delivery amount of 0 or more, or leave it empty.',
  noRates: 'A zone needs at least one shipping method.',
  method: (code: string) => `"${code}" is not a shipping method.`,
  methodTwice: (code: string) => `A zone offers "${code}" only once.`,
  country: (code: string) => `"${code}" is not a two-letter country code.`,
  twice: (code: string) => `${code} is in more than one zone.`,
  restTwice: 'Only one zone can cover the rest of the world (no countries listed).',
  noZones: 'Add at least one zone, or shoppers cannot check out.',
} as const;

export async function zonesOf(db: Queryable, divisionId: number): Promise<ShippingZone[]> {
  const { rows: zones } = await db.query<{ id: number; name: string; countries: string[]; free_over: number | null }>(
    'select id, name, countries, free_over from shipping_zones where division_id = $1 order by position, id',
    [divisionId],
  );
  if (zones.length === 0) return [];
  const { rows: rates } = await db.query<ZoneRate & { zone_id: number }>(
    `select r.zone_id, m.code, m.name, m.description, r.price from shipping_zone_rates r join shipping_methods m on m.code = r.method_code
     where r.zone_id = any($1::int[]) and m.active order by r.position, m.position`,
    [zones.map((z) => z.id)],
  );
  return zones.map((z) => ({
    id: z.id,
    name: z.name,
    countries: z.countries,
    freeOver: z.free_over,
    rates: rates.filter((r) => r.zone_id === z.id).map(({ code, name, description, price }) => ({ code, name, description, price })),
  }));
}

/** Addresses may say UK; zones list ISO codes (GB). */
export const normaliseZoneCountry = (country: string) => {
  const code = country.trim().toUpperCase();
  return code === 'UK' ? 'GB' : code;
};

/**
 * The zone serving `country`: the zone naming it, else the rest-of-world zone. Without a country (the basket,
 * before an address), the store's first zone — its home market.
 */
export function zoneFor(zones: ShippingZone[], country: string | null): ShippingZone | null {
  if (!country) return zones[0] ?? null;
  const code = normaliseZoneCountry(country);
  return zones.find((z) => z.countries.includes(code)) ?? zones.find((z) => z.countries.length === 0) ?? null;
}

/** Whether the goods (VAT-inclusive, after discounts) reach the zone's free-delivery amount. */
export const qualifiesForFreeDelivery = (zone: ShippingZone, goods: number) => zone.freeOver !== null && goods > 0 && goods >= zone.freeOver;

/** A zone's rates at the price the shopper pays: the first (standard) rate is free when the goods qualify. */
export function ratesAtPrice(zone: ShippingZone, goods: number): ZoneRate[] {
  const free = qualifiesForFreeDelivery(zone, goods);
  return zone.rates.map((r, i) => (free && i === 0 ? { ...r, price: 0 } : r));
}

export const toZoneView = (z: ShippingZone): ShippingZoneView => ({
  id: z.id,
  name: z.name,
  countries: z.countries,
  freeOver: z.freeOver,
  rates: z.rates.map((r) => ({ method: r.code, price: r.price })),
});

/** Field errors of a zones document, in the owner's words, keyed by path (zones.0.name …). */
export function zoneErrors(zones: ShippingZoneInput[], methodCodes: string[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  if (zones.length === 0) add('zones', shippingMessages.noZones);
  const seen = new Map<string, number>();
  let rest = 0;
  zones.forEach((z, i) => {
    if (!z.name.trim()) add(`zones.${i}.name`, shippingMessages.zoneName);
    if (z.freeOver !== null && (!Number.isInteger(z.freeOver) || z.freeOver < 0)) add(`zones.${i}.freeOver`, shippingMessages.freeOver);
    const countries = z.countries.map(normaliseZoneCountry);
    if (countries.length === 0) rest += 1;
    for (const c of countries) {
      if (!/^[A-Z]{2}$/.test(c)) add(`zones.${i}.countries`, shippingMessages.country(c));
      else if (seen.has(c) && seen.get(c) !== i) add(`zones.${i}.countries`, shippingMessages.twice(c));
      seen.set(c, i);
    }
    if (z.rates.length === 0) add(`zones.${i}.rates`, shippingMessages.noRates);
    const offered = new Set<string>();
    z.rates.forEach((r, j) => {
      if (!methodCodes.includes(r.method)) add(`zones.${i}.rates.${j}.method`, shippingMessages.method(r.method));
      else if (offered.has(r.method)) add(`zones.${i}.rates.${j}.method`, shippingMessages.methodTwice(r.method));
      offered.add(r.method);
      if (!Number.isInteger(r.price) || r.price < 0) add(`zones.${i}.rates.${j}.price`, shippingMessages.price);
    });
  });
  if (rest > 1) add('zones', shippingMessages.restTwice);
  return errors;
}

/** Replaces a store's zones and their rates, in the caller's transaction; 422 with field errors when invalid. */
export async function saveZones(tx: Queryable, divisionId: number, zones: ShippingZoneInput[]): Promise<void> {
  const { rows: methods } = await tx.query<{ code: string }>('select code from shipping_methods where active');
  const errors = zoneErrors(zones, methods.map((m) => m.code));
  if (Object.keys(errors).length) throw new ApiError(422, Object.values(errors)[0]![0]!, errors);
  await tx.query('delete from shipping_zones where division_id = $1', [divisionId]);
  for (const [position, z] of zones.entries()) {
    const countries = [...new Set(z.countries.map(normaliseZoneCountry))];
    const { rows } = await tx.query<{ id: number }>(
      'insert into shipping_zones (division_id, name, countries, free_over, position) values ($1, $2, $3, $4, $5) returning id',
      [divisionId, z.name.trim(), countries, z.freeOver, position],
    );
    for (const [ratePosition, r] of z.rates.entries()) {
      await tx.query('insert into shipping_zone_rates (zone_id, method_code, price, position) values ($1, $2, $3, $4)', [rows[0]!.id, r.method, r.price, ratePosition]);
    }
  }
}

/** The zones a store without its own starts from: UK and the rest of the world at the methods' list prices. */
export function defaultZones(methods: { code: string; region: string; price: number }[]): ShippingZoneInput[] {
  const of = (region: string) => methods.filter((m) => m.region === region).map((m) => ({ method: m.code, price: m.price }));
  return [
    { name: 'United Kingdom', countries: ['GB'], freeOver: null, rates: of('uk') },
    { name: 'Rest of the world', countries: [], freeOver: null, rates: of('international') },
  ];
}
