/** The product's name where the spec writes {product}. */
export const PRODUCT_NAME = 'Sidenote';
