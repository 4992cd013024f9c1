export * from './analyse-post';
export * from './reference-index';
export * from './sale';
export { blankPhones, readQuantities, type Currency, type PriceValue, type Quantities } from './quantities';
export {
  combineSale,
  saleFeatures,
  saleProbability,
  type SaleModel,
  type SaleModelEvidence,
  type SaleModelPolicy,
} from './sale-model';
