import type { Queryable } from '../db/database';
import { escapeHtml, queueMail } from '../services/mail';
import { layout, type MailBrand } from './mailBrand';
import { formatMoney } from '../../src/core/currency';
import type { Address } from '../../src/core/api/orders';

export interface OrderChangedMail {
  to: string;
  number: number;
  currency: string;
  changes: string[];
  previousTotal: number;
  total: number;
  /** What is left to pay at /pay/{order}/ after the change. */
  balanceDue: number;
  refund: number;
  links: { history: string; receipt: string; pay: string };
}

/** "Your order has changed": what changed, the new total and what happens to the money. */
export async function queueOrderChangedMail(tx: Queryable, brand: MailBrand, mail: OrderChangedMail): Promise<void> {
  const money = (minor: number) => formatMoney(minor, mail.currency);
  const money_line =
    mail.balanceDue > 0
      ? `${money(mail.balanceDue)} is left to pay: ${mail.links.pay}`
      : mail.refund > 0
        ? `${money(mail.refund)} is being refunded to the card or account you paid with.`
        : 'There is nothing more to pay.';
  const text = [
    `Your order #${mail.number} from ${brand.storeName} has changed.`,
    '',
    ...mail.changes.map((c) => `- ${c}`),
    '',
    `Total: ${money(mail.previousTotal)} → ${money(mail.total)}`,
    money_line,
    '',
    `Receipt: ${mail.links.receipt}`,
    `Your orders: ${mail.links.history}`,
  ].join('\n');
  const moneyHtml =
    mail.balanceDue > 0
      ? `<p><strong>${escapeHtml(money(mail.balanceDue))}</strong> is left to pay. <a href="${escapeHtml(mail.links.pay)}">Pay the difference</a></p>`
      : `<p>${escapeHtml(money_line)}</p>`;
  const html = layout(
    brand,
    `Your order #${mail.number} has changed`,
    `<ul>${mail.changes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul><p>Total: ${escapeHtml(money(mail.previousTotal))} → <strong>${escapeHtml(money(mail.total))}</strong></p>${moneyHtml}<p><a href="${escapeHtml(mail.links.receipt)}">View your receipt</a></p>`,
    { label: 'Your orders', href: mail.links.history },
  );
  await queueMail(tx, { to: mail.to, subject: `Your order #${mail.number} from ${brand.storeName} has changed`, text, html });
}

/** One line of an address as a mail shows it. */
export const addressLines = (a: Address) =>
  [`${a.firstName} ${a.lastName}`.trim(), a.company, a.street, [a.city, a.state].filter(Boolean).join(', '), a.zip, a.country].filter((l): l is string => !!l && !!l.trim());

/** "Your delivery address was updated": the new address, with the order-history link. */
export async function queueAddressUpdatedMail(tx: Queryable, brand: MailBrand, mail: { to: string; number: number; address: Address; links: { history: string; receipt: string } }): Promise<void> {
  const lines = addressLines(mail.address);
  const text = [
    `The delivery address of your order #${mail.number} from ${brand.storeName} was updated. We will send it to:`,
    '',
    ...lines,
    '',
    `If you did not make this change, reply to this mail straight away.`,
    '',
    `Receipt: ${mail.links.receipt}`,
    `Your orders: ${mail.links.history}`,
  ].join('\n');
  const html = layout(
    brand,
    `Your delivery address was updated`,
    `<p>We will send order #${mail.number} to:</p><p>${lines.map(escapeHtml).join('<br>')}</p><p>If you did not make this change, reply to this mail straight away.</p><p><a href="${escapeHtml(mail.links.receipt)}">View your receipt</a></p>`,
    { label: 'Your orders', href: mail.links.history },
  );
  await queueMail(tx, { to: mail.to, subject: `Delivery address updated for order #${mail.number} from ${brand.storeName}`, text, html });
}
