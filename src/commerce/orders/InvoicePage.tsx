import { useEffect } from 'react';
import { useParams } from 'react-router';
import { formatMoney } from '../../core/currency';
import { documentTitle } from '../../core/routes';
import { useStore } from '../../app/StoreContext';
import type { Address } from '../../core/api/orders';
import { useOrder } from './useOrder';
import { BundleComponents } from './OrderSummary';
import '../commerce.css';
import './orders.css';
import { formatDay } from '../../core/dates';


function AddressBlock({ address, email }: { address: Address; email?: string }) {
  return (
    <address>
      {address.firstName} {address.lastName}
      <br />
      {address.company && (
        <>
          {address.company}
          <br />
        </>
      )}
      {address.street}
      <br />
      {address.city}
      {address.state ? `, ${address.state}` : ''} {address.zip}
      <br />
      {address.country}
      {address.eori && (
        <>
          <br />
          EORI: {address.eori}
        </>
      )}
      {email && (
        <>
          <br />
          {email}
        </>
      )}
    </address>
  );
}

/** /invoice/{orderHash}: a printable VAT invoice (seller, buyer, lines, VAT breakdown). */
export function InvoicePage() {
  const { orderHash } = useParams();
  const { order, error } = useOrder(orderHash);
  const { state } = useStore();
  useEffect(() => {
    document.title = documentTitle(order ? `Invoice #${order.number}` : 'Invoice', state.company.name);
  }, [order, state.company.name]);
  if (error) return <p className="order-page order-page--error">{error}</p>;
  if (!order) return <p className="order-page">Loading invoice…</p>;
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <article className="invoice">
      <header className="invoice__header">
        <h1>Invoice</h1>
        <button type="button" className="shop-button shop-button--secondary invoice__print" onClick={() => window.print()}>
          Print
        </button>
      </header>
      <dl className="invoice__meta">
        <dt>Invoice number</dt>
        <dd>#{order.number}</dd>
        <dt>Date</dt>
        <dd>{formatDay(new Date(order.createdAt))}</dd>
        <dt>Status</dt>
        <dd>{order.statusLabel}</dd>
        <dt>Payment</dt>
        <dd>{order.paymentMethod}</dd>
      </dl>
      <div className="invoice__parties">
        <section>
          <h2>Seller</h2>
          <p>
            {order.seller.name}
            {order.seller.domain && (
              <>
                <br />
                {order.seller.domain}
              </>
            )}
          </p>
        </section>
        <section>
          <h2>Bill to</h2>
          <AddressBlock address={order.billingAddress} email={order.email} />
        </section>
        <section>
          <h2>Ship to</h2>
          <AddressBlock address={order.shippingAddress} />
        </section>
      </div>
      <table className="invoice__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Unit price</th>
            <th scope="col">VAT rate</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td>
                {item.name} <small>{[item.options.colour, item.options.size, item.sku].filter(Boolean).join(' · ')}</small>
                {item.components && <BundleComponents components={item.components} label={`In the ${item.name}`} />}
              </td>
              <td>{item.quantity}</td>
              <td>{money(item.unitPrice)}</td>
              <td>{item.vatRate}%</td>
              <td>{money(item.lineTotal)}</td>
            </tr>
          ))}
          {order.totals.discountIncTax > 0 && (
            <tr>
              <td colSpan={4}>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</td>
              <td>−{money(order.totals.discountIncTax)}</td>
            </tr>
          )}
          <tr>
            <td colSpan={4}>Shipping ({order.shippingMethod.name})</td>
            <td>{money(order.totals.shippingIncTax)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Total
            </th>
            <td>{money(order.totals.total)}</td>
          </tr>
        </tfoot>
      </table>
      <h2>VAT breakdown</h2>
      <table className="invoice__vat" aria-label="VAT breakdown">
        <thead>
          <tr>
            <th scope="col">Rate</th>
            <th scope="col">Net</th>
            <th scope="col">VAT</th>
            <th scope="col">Gross</th>
          </tr>
        </thead>
        <tbody>
          {order.vat.map((v) => (
            <tr key={v.rate}>
              <td>{v.rate}%</td>
              <td>{money(v.net)}</td>
              <td>{money(v.vat)}</td>
              <td>{money(v.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="invoice__note">Prices include UK VAT. Amounts in {order.currency}.</p>
    </article>
  );
}
