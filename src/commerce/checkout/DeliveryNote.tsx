import type { DeliveryView } from '../../core/api/shipping';

/**
 * What the store's shipping zone promises for this basket: free standard delivery reached, or how much more to
 * spend for it. Nothing when the zone has no free delivery.
 */
export function DeliveryNote({ delivery, format }: { delivery: DeliveryView | null | undefined; format: (minor: number) => string }) {
  if (!delivery || delivery.freeOver === null || delivery.remaining === null) return null;
  return (
    <p className="delivery-note" data-testid="delivery-note">
      {delivery.free
        ? `You get free standard delivery to ${delivery.zone}.`
        : `Spend ${format(delivery.remaining)} more for free standard delivery to ${delivery.zone} (orders of ${format(delivery.freeOver)} or more).`}
    </p>
  );
}
