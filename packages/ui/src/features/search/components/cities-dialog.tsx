import { useAtomValue, useSetAtom } from 'jotai';
import type { City } from '@autoradar/contract';
import { groupCitiesByRegion, MESSAGES, searchCities } from '@autoradar/core';
import { toggleId } from '../filter-rules';
import { useRememberedList } from '../hooks/use-remembered-list';
import { searchMessages as t } from '../messages';
import { formatRegionName } from '../region-name';
import { citiesAtom } from '../../../store/reference';
import { knownCitiesAtom, rememberCitiesAtom } from '../state';
import { DialogEmpty, DialogLoadState } from './dialog-states';
import { OptionGroup, OptionRow, SelectionDialog, type SelectionDialogProps } from './filter-dialog';

function CityList({
  query,
  draft,
  onToggle,
}: {
  query: string;
  draft: readonly number[];
  onToggle: (id: number) => void;
}) {
  const { state, retry, list: cities } = useRememberedList(citiesAtom, useSetAtom(rememberCitiesAtom));
  const known = useAtomValue(knownCitiesAtom);

  if (!cities) return <DialogLoadState state={state} retry={retry} />;
  const found = searchCities(cities, query);
  if (found.length === 0) return <DialogEmpty text={MESSAGES.nothingFound} />;
  // Chosen cities stay in sight even when their region shows only its first 50.
  const chosen = query.trim() === '' ? draft.flatMap((id) => known.get(id) ?? []) : [];
  const row = (city: City) => (
    <OptionRow key={city.id} label={city.city} checked={draft.includes(city.id)} onToggle={() => onToggle(city.id)} />
  );
  return (
    <>
      {chosen.length > 0 ? <OptionGroup title={t.selectedCount(chosen.length)}>{chosen.map(row)}</OptionGroup> : null}
      {groupCitiesByRegion(found).map((group) => (
        <OptionGroup key={group.region} title={formatRegionName(group.region, group.region_type)}>
          {group.cities.map(row)}
          {group.hiddenCount > 0 ? <p className="option-group__more">{t.hiddenCities(group.hiddenCount)}</p> : null}
        </OptionGroup>
      ))}
    </>
  );
}

/** Cities grouped by region, the first 50 of each (spec §2), searchable by city, synonym or region. */
export function CitiesDialog(props: SelectionDialogProps) {
  return (
    <SelectionDialog {...props} title={t.citiesTitle} searchPlaceholder={t.searchCities}>
      {({ query, draft, setDraft }) => (
        <CityList query={query} draft={draft} onToggle={(id) => setDraft(toggleId(draft, id))} />
      )}
    </SelectionDialog>
  );
}
