import { useState, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import type { User } from '@autoradar/contract';
import { updatePostsStoreAtom } from '../../../store/posts-store';
import { useSelectionNames } from '../hooks/use-selection-names';
import { describePriceRange, describeSelection, describeYearRange } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { applyBrandsAtom, applyModelsAtom, criteriaAtom } from '../state';
import { FilterChip } from './filter-chip';
import {
  LazyBrandsDialog as BrandsDialog,
  LazyCitiesDialog as CitiesDialog,
  LazyModelsDialog as ModelsDialog,
  LazyPriceMenu as PriceMenu,
  LazyYearMenu as YearMenu,
} from './lazy-dialogs';
import { SavedFilters } from './saved-filters';
import { SearchBox } from './search-box';
import { FILTER_PARAM } from '../../../paths';

type DialogName = 'brands' | 'models' | 'cities' | 'price' | 'year';

/**
 * The filter panel (spec §2): text search, brand, model, price, year and city, each in its own dialog editing a draft,
 * and the saved filters for a signed-in user.
 */
export function FilterPanel({
  user,
  guest = false,
  now = new Date(),
  extra,
}: {
  user: User | undefined;
  /** More chips at the end of the row (the search screen's put-away test-period offer). */
  extra?: ReactNode;
  /** Nobody is signed in (not merely loading): a link to a saved filter asks to sign in. */
  guest?: boolean;
  now?: Date;
}) {
  const [params] = useSearchParams();
  const criteria = useAtomValue(criteriaAtom);
  const update = useSetAtom(updatePostsStoreAtom);
  const applyBrands = useSetAtom(applyBrandsAtom);
  const applyModels = useSetAtom(applyModelsAtom);
  const names = useSelectionNames(criteria);
  const [open, setOpen] = useState<DialogName | null>(null);
  // The row the saved filters put their selector and save button in (set once it is in the document).
  const [row, setRow] = useState<HTMLDivElement | null>(null);
  const close = () => setOpen(null);

  return (
    <section className="filter-panel" aria-label={t.filters}>
      <SearchBox />
      {/* One row of chips; on a phone it scrolls sideways instead of pushing the feed down (issue 32). */}
      <div className="filter-panel__chips" ref={setRow}>
        <FilterChip
          label={t.brand}
          value={describeSelection(names.brands, names.brandCount)}
          onOpen={() => setOpen('brands')}
          onClear={() => applyBrands([])}
        />
        <FilterChip
          label={t.model}
          value={describeSelection(names.models, criteria.models.length)}
          disabled={criteria.brands.length === 0}
          onOpen={() => setOpen('models')}
          onClear={() => update({ models: [] })}
        />
        <FilterChip
          label={t.price}
          value={describePriceRange(criteria.priceFrom, criteria.priceTo)}
          onOpen={() => setOpen('price')}
          onClear={() => update({ priceFrom: null, priceTo: null })}
        />
        <FilterChip
          label={t.year}
          value={describeYearRange(criteria.yearFrom, criteria.yearTo)}
          onOpen={() => setOpen('year')}
          onClear={() => update({ yearFrom: null, yearTo: null })}
        />
        <FilterChip
          label={t.city}
          value={describeSelection(names.cities, criteria.cities.length)}
          onOpen={() => setOpen('cities')}
          onClear={() => update({ cities: [] })}
        />
        {extra}
      </div>
      {user ? <SavedFilters user={user} criteria={criteria} now={now} row={row} /> : null}
      {guest && params.has(FILTER_PARAM) ? (
        <p className="saved-filters__error" role="alert">
          {t.linkedFilterSignIn}
        </p>
      ) : null}

      <BrandsDialog
        open={open === 'brands'}
        onClose={close}
        applied={criteria.brands}
        onApply={(ids) => {
          applyBrands(ids);
          close();
        }}
      />
      <ModelsDialog
        open={open === 'models'}
        onClose={close}
        brands={criteria.brands}
        applied={criteria.models}
        onApply={(ids) => {
          applyModels(ids);
          close();
        }}
      />
      <CitiesDialog
        open={open === 'cities'}
        onClose={close}
        applied={criteria.cities}
        onApply={(ids) => {
          update({ cities: ids });
          close();
        }}
      />
      <PriceMenu
        open={open === 'price'}
        onClose={close}
        applied={{ priceFrom: criteria.priceFrom, priceTo: criteria.priceTo }}
        onApply={(range) => {
          update(range);
          close();
        }}
        now={now}
      />
      <YearMenu
        open={open === 'year'}
        onClose={close}
        applied={{ yearFrom: criteria.yearFrom, yearTo: criteria.yearTo }}
        onApply={(range) => {
          update(range);
          close();
        }}
        now={now}
      />
    </section>
  );
}
