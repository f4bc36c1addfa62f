import type { Queryable } from '../db/database';
import { escapeHtml, queueMail } from '../services/mail';
import { formatMoney } from '../../src/core/currency';
import { returnReasonLabel, type ReturnResolution } from '../../src/core/returns';
import { layout, type MailBrand } from './mailBrand';

/** Who the return mails go to and the links they carry (origin: PUBLIC_URL or the store's domain). */
export interface ReturnMailOrder {
  to: string;
  seller: string;
  number: number;
  hash: string;
  firstName: string | null;
  currency: string;
  customerHash: string;
  origin: string | null;
  /** The store's logo and colours; without it a plain body. */
  brand: MailBrand | null;
}

const links = (o: ReturnMailOrder) => ({
  returns: `${o.origin ?? ''}/returns/${o.hash}`,
  receipt: `${o.origin ?? ''}/receipt/${o.hash}`,
  history: `${o.origin ?? ''}/order-history/${o.customerHash}`,
});

/** Plain text and HTML from the same paragraphs, signed by the store, with the receipt and order-history links. */
async function send(tx: Queryable, o: ReturnMailOrder, subject: string, paragraphs: string[], list: string[]) {
  const hello = o.firstName ? `Hello ${o.firstName},` : 'Hello,';
  const l = links(o);
  const text = [hello, '', ...paragraphs.flatMap((p) => [p, '']), ...list.map((i) => `- ${i}`), ...(list.length ? [''] : []), `Your return: ${l.returns}`, `Receipt: ${l.receipt}`, `Your orders: ${l.history}`, '', o.seller].join('\n');
  const body = `<p>${escapeHtml(hello)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${list.length ? `<ul>${list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : ''}<p><a href="${escapeHtml(l.returns)}">Your return</a> · <a href="${escapeHtml(l.receipt)}">Receipt</a> · <a href="${escapeHtml(l.history)}">Your orders</a></p>`;
  const html = o.brand ? layout(o.brand, subject, body, { label: 'Your orders', href: l.history }) : `${body}<p>${escapeHtml(o.seller)}</p>`;
  await queueMail(tx, { to: o.to, subject, text, html });
}

/** "Return accepted": what was sent back, why, and what happens next (refund, exchange order). */
export async function queueReturnAccepted(
  tx: Queryable,
  o: ReturnMailOrder,
  r: {
    summary: { name: string; quantity: number; reason: string; resolution: ReturnResolution; exchangeFor: string | null }[];
    exchangeOrder: { id: number; hash: string } | null;
    refund: { amount: number; shippingRefunded: boolean } | null;
  },
) {
  const list = r.summary.map((s) => `${s.quantity} × ${s.name} — ${returnReasonLabel(s.reason)} — ${s.resolution === 'exchange' ? `exchange for ${s.exchangeFor}` : 'refund'}`);
  const next = [
    r.refund ? `We have refunded ${formatMoney(r.refund.amount, o.currency)}${r.refund.shippingRefunded ? ', shipping included' : ''}.` : null,
    r.exchangeOrder ? `Your exchange is order #${r.exchangeOrder.id}: we make it and send it to the same address at no charge.` : null,
  ].filter((p): p is string => p !== null);
  await send(tx, o, `Your return for order #${o.number} from ${o.seller} is accepted`, [`We have accepted your return for order #${o.number}.`, ...next], list);
}

/** "Refund issued": how much went back, and where. */
export async function queueRefundIssued(tx: Queryable, o: ReturnMailOrder, refund: { amount: number; shippingRefunded: boolean }) {
  await send(
    tx,
    o,
    `Refund issued for order #${o.number} from ${o.seller}`,
    [
      `We have refunded ${formatMoney(refund.amount, o.currency)} for order #${o.number}${refund.shippingRefunded ? ', shipping included' : ''}.`,
      'It goes back to the card or account you paid with; banks usually show it within 5 to 10 working days.',
    ],
    [],
  );
}
