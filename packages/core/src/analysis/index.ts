export * from './analyse-post';
export * from './reference-index';
export * from './sale';
export { blankPhones, readQuantities, type Currency, type PriceValue, type Quantities } from './quantities';
