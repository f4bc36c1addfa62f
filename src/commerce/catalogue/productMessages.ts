/** What the product screen and basket lines say about a product (the basket shows a line whose product is gone). */
export const messages = {
  selectColour: 'Please select a colour',
  selectSize: 'Please select a size',
  unavailable: 'Oops... Looks like this product is no longer available',
  added: 'Added to basket',
  favourited: 'Added to favourites',
  /** A bundle one of whose items is sold out in every size. */
  soldOut: 'Sorry, this set is sold out',
} as const;
