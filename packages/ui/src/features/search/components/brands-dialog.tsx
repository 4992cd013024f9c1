import { useSetAtom } from 'jotai';
import type { Brand } from '@autoradar/contract';
import { MESSAGES, searchBrands } from '@autoradar/core';
import { useRememberedList } from '../hooks/use-remembered-list';
import { searchMessages as t } from '../messages';
import { otherBrandsAtom, popularBrandsAtom } from '../../../store/reference';
import { rememberBrandsAtom } from '../state';
import { DialogEmpty, DialogLoadState } from './dialog-states';
import {
  OptionGroup,
  OptionRow,
  SelectionDialog,
  type SelectionDialogProps,
  type SelectionDraft,
} from './filter-dialog';

/**
 * One row per brand name: the reference data has a car and a motorcycle brand under some names (BMW, Honda) that the
 * contract does not tell apart, so a row stands for every brand of its name and chooses them together.
 */
export interface BrandEntry {
  name: string;
  ids: number[];
  icon: string | null;
}

export function groupBrandsByName(brands: readonly Brand[]): BrandEntry[] {
  const entries = new Map<string, BrandEntry>();
  for (const brand of brands) {
    const entry = entries.get(brand.name);
    if (entry) entry.ids.push(brand.id);
    else entries.set(brand.name, { name: brand.name, ids: [brand.id], icon: brand.icon });
  }
  return [...entries.values()];
}

/** A row is chosen when any brand of its name is (choosing a model may have narrowed it to one of them). */
export function isEntryChosen(draft: readonly number[], ids: readonly number[]): boolean {
  return ids.some((id) => draft.includes(id));
}

/** Unchoosing a row drops every brand of its name; choosing it adds them all. */
export function toggleEntry(draft: readonly number[], ids: readonly number[]): number[] {
  return isEntryChosen(draft, ids)
    ? draft.filter((id) => !ids.includes(id))
    : [...draft, ...ids.filter((id) => !draft.includes(id))];
}

function BrandRows({
  entries,
  draft,
  onToggle,
}: {
  entries: BrandEntry[];
  draft: readonly number[];
  onToggle: (ids: number[]) => void;
}) {
  return (
    <>
      {entries.map((entry) => (
        <OptionRow
          key={entry.name}
          label={entry.name}
          icon={entry.icon}
          checked={isEntryChosen(draft, entry.ids)}
          onToggle={() => onToggle(entry.ids)}
        />
      ))}
    </>
  );
}

/** Both brand lists as the search finds them: popular first, then the rest, each with its own load state. */
function BrandLists({ query, draft, setDraft }: SelectionDraft) {
  const remember = useSetAtom(rememberBrandsAtom);
  const popular = useRememberedList(popularBrandsAtom, remember);
  const other = useRememberedList(otherBrandsAtom, remember);
  const popularList = popular.list;
  const otherList = other.list;
  const toggle = (ids: number[]) => setDraft(toggleEntry(draft, ids));

  // Grouped across both lists, so a popular name also takes its namesake from the rest.
  const found = groupBrandsByName([
    ...(popularList ? searchBrands(popularList, query) : []),
    ...(otherList ? searchBrands(otherList, query) : []),
  ]);
  const popularNames = new Set((popularList ?? []).map((brand) => brand.name));
  const popularFound = found.filter((entry) => popularNames.has(entry.name));
  const otherFound = found.filter((entry) => !popularNames.has(entry.name));
  const settled = (kind: string) => kind === 'loaded' || kind === 'empty';
  const nothingFound =
    settled(popular.state.kind) && settled(other.state.kind) && popularFound.length + otherFound.length === 0;

  return (
    <>
      {nothingFound ? <DialogEmpty text={MESSAGES.nothingFound} /> : null}
      <DialogLoadState state={popular.state} retry={popular.retry} />
      {popularFound.length > 0 ? (
        <OptionGroup title={t.popularBrands}>
          <BrandRows entries={popularFound} draft={draft} onToggle={toggle} />
        </OptionGroup>
      ) : null}
      <DialogLoadState state={other.state} retry={other.retry} />
      {otherFound.length > 0 ? (
        <OptionGroup title={t.otherBrands}>
          <BrandRows entries={otherFound} draft={draft} onToggle={toggle} />
        </OptionGroup>
      ) : null}
    </>
  );
}

/** Brands (spec §2): popular ones loaded apart from the rest, a search by name or synonym, a draft until Apply. */
export function BrandsDialog(props: SelectionDialogProps) {
  return (
    <SelectionDialog {...props} title={t.brandsTitle} searchPlaceholder={t.searchBrands}>
      {(selection) => <BrandLists {...selection} />}
    </SelectionDialog>
  );
}
