import { useMoney } from './store';
import './price.css';

/** A price, or a sale price beside the struck-out original (§3 onSale: only a lower sale price counts). */
export function Price({ price, salePrice, className = '' }: { price: number; salePrice: number | null; className?: string }) {
  const money = useMoney();
  const onSale = salePrice !== null && salePrice < price;
  if (!onSale) return <span className={`commerce-price ${className}`}>{money(price)}</span>;
  return (
    <span className={`commerce-price commerce-price--sale ${className}`}>
      <span className="commerce-price__now">
        <span className="visually-hidden">Sale price </span>
        {money(salePrice)}
      </span>{' '}
      <s className="commerce-price__was">
        <span className="visually-hidden">Was </span>
        {money(price)}
      </s>
    </span>
  );
}
