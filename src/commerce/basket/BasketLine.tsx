import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productHref } from '../../../blocks/commerce/catalogueApi';
import { messages } from '../catalogue/productMessages';
import type { BasketItem } from '../../core/api/basket';

/**
 * One line of the basket or the favourites list: picture, name linking to the product, details, controls, price.
 * A bundle lists the colour and size chosen for each of its items; one whose items changed says it is gone.
 */
export function BasketLine({ item, meta, price, children }: { item: BasketItem; meta: string; price: string; children: ReactNode }) {
  return (
    <li className="basket__line">
      {item.image ? <img src={item.image} alt="" /> : <span aria-hidden="true" />}
      <div>
        <Link className="basket__line-name" to={productHref(item.productUrl, item.productColor)}>
          {item.name}
        </Link>
        <p className="basket__line-meta">{meta}</p>
        {item.bundleItems &&
          (item.bundleItems.length > 0 ? (
            <ul className="basket__bundle" aria-label={`In the ${item.name}`}>
              {item.bundleItems.map((c) => (
                <li key={c.bundleItemId}>
                  {c.quantity > 1 && `${c.quantity} × `}
                  {c.name} — {[c.colour, c.size].join(' / ')}
                </li>
              ))}
            </ul>
          ) : (
            <p className="shop__message shop__message--error">{messages.unavailable}</p>
          ))}
        {children}
      </div>
      <span className="basket__line-total">{price}</span>
    </li>
  );
}
