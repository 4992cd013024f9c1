import type { Brand } from '@autoradar/contract';

/** The brands as a select's options, valued by their ids. */
export function BrandOptions({ brands }: { brands: readonly Brand[] }) {
  return brands.map((brand) => (
    <option key={brand.id} value={String(brand.id)}>
      {brand.name}
    </option>
  ));
}
