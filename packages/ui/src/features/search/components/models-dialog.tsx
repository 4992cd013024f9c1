import { useAtomValue, useSetAtom } from 'jotai';
import type { Model } from '@autoradar/contract';
import { MESSAGES, searchModels } from '@autoradar/core';
import { rememberModelsAtom } from '../../../store/posts-store';
import { toggleId } from '../filter-rules';
import { useRememberedList } from '../hooks/use-remembered-list';
import { searchMessages as t } from '../messages';
import { brandsKey, knownBrandsAtom, modelsOfBrandsAtom } from '../state';
import { DialogEmpty, DialogLoadState } from './dialog-states';
import { OptionGroup, OptionRow, SelectionDialog, type SelectionDialogProps } from './filter-dialog';

function ModelList({
  brands,
  query,
  draft,
  onToggle,
}: {
  brands: readonly number[];
  query: string;
  draft: readonly number[];
  onToggle: (id: number) => void;
}) {
  const call = modelsOfBrandsAtom(brandsKey(brands));
  const { state, retry, list: models } = useRememberedList(call, useSetAtom(rememberModelsAtom));
  const knownBrands = useAtomValue(knownBrandsAtom);

  if (!models) return <DialogLoadState state={state} retry={retry} />;
  const found = searchModels(models, query);
  if (found.length === 0) return <DialogEmpty text={MESSAGES.noModels} />;
  // Grouped by brand name: a car and a motorcycle brand of one name (BMW) make one group, as in the brands dialog.
  const byBrand = new Map<string, Model[]>();
  for (const model of found) {
    const name = knownBrands.get(model.car_brand_id)?.name ?? t.brand;
    byBrand.set(name, [...(byBrand.get(name) ?? []), model]);
  }
  return (
    <>
      {[...byBrand].map(([brandName, list]) => (
        <OptionGroup key={brandName} title={brandName}>
          {list.map((model) => (
            <OptionRow
              key={model.id}
              label={model.name}
              checked={draft.includes(model.id)}
              onToggle={() => onToggle(model.id)}
            />
          ))}
        </OptionGroup>
      ))}
    </>
  );
}

/** Models of the chosen brands (spec §2); without a brand there is nothing to choose from. */
export function ModelsDialog({ brands, ...props }: SelectionDialogProps & { brands: readonly number[] }) {
  return (
    <SelectionDialog
      {...props}
      title={t.modelsTitle}
      searchPlaceholder={brands.length > 0 ? t.searchModels : undefined}
    >
      {({ query, draft, setDraft }) =>
        brands.length === 0 ? (
          <DialogEmpty text={MESSAGES.noBrandSelected} />
        ) : (
          <ModelList brands={brands} query={query} draft={draft} onToggle={(id) => setDraft(toggleId(draft, id))} />
        )
      }
    </SelectionDialog>
  );
}
