import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productHref } from '../../../blocks/commerce/catalogueApi';
import type { BasketItem } from './types';

/** One line of the basket or the favourites list: picture, name linking to the product, details, controls, price. */
export function BasketLine({ item, meta, price, children }: { item: BasketItem; meta: string; price: string; children: ReactNode }) {
  return (
    <li className="basket__line">
      {item.image ? <img src={item.image} alt="" /> : <span aria-hidden="true" />}
      <div>
        <Link className="basket__line-name" to={productHref(item.productUrl, item.productColor)}>
          {item.name}
        </Link>
        <p className="basket__line-meta">{meta}</p>
        {children}
      </div>
      <span className="basket__line-total">{price}</span>
    </li>
  );
}
