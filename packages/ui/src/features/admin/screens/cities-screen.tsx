import { useDeferredValue, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Button, Cell, Input, Section } from '@telegram-apps/telegram-ui';
import { SaveCityRequestSchema, type City } from '@autoradar/contract';
import { groupCitiesByRegion, MESSAGES, searchCities, type RegionGroup } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { deleteCity, saveCity, type CityBody } from '../api';
import { AdminPage } from '../components/admin-page';
import { CallView } from '../components/call-view';
import { SectionHeading } from '../components/section-heading';
import { DeleteControl } from '../components/delete-control';
import { Field, fieldAria } from '../components/field';
import { FormDialog } from '../components/form-dialog';
import { SearchField } from '../components/search-field';
import { addSynonym, SynonymsInput } from '../components/synonyms-input';
import { describeApiMessage } from '../errors';
import { useSaveForm } from '../hooks/use-save-form';
import { removeById, replaceById } from '../list-updates';
import { adminMessages } from '../messages';
import { citiesAtom } from '../state';
import '../admin.css';

const t = adminMessages.cities;

interface CityFields {
  city: string;
  region: string;
  region_type: string;
  synonyms: string[];
  synonymDraft: string;
}

const toBody = ({ synonyms, synonymDraft, ...fields }: CityFields): CityBody => ({
  ...fields,
  synonyms: addSynonym(synonyms, synonymDraft),
});

export interface CityFormDialogProps {
  city: City | null;
  onSaved: (city: City) => void;
  onClose: () => void;
  save?: (id: number | null, body: CityBody) => Promise<City>;
}

/** Create or edit a city: its name, region, the region's type and synonyms. */
export function CityFormDialog({ city, onSaved, onClose, save = saveCity }: CityFormDialogProps) {
  const id = useId();
  const form = useSaveForm({
    initial: {
      city: city?.city ?? '',
      region: city?.region ?? '',
      region_type: city?.region_type ?? '',
      synonyms: city?.synonyms ?? [],
      synonymDraft: '',
    },
    toBody,
    schema: SaveCityRequestSchema,
    save: (body: CityBody) => save(city?.id ?? null, body),
    describeError: describeApiMessage,
    onSaved,
  });
  const { fields, errors, setField } = form;
  const text = (name: 'city' | 'region' | 'region_type', label: string, placeholder: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input
        {...fieldAria(`${id}-${name}`, errors[name])}
        aria-required
        value={fields[name]}
        placeholder={placeholder}
        onChange={(event) => setField(name, event.target.value)}
      />
    </Field>
  );
  return (
    <FormDialog
      open
      title={city ? t.editTitle : t.createTitle}
      pending={form.state.kind === 'pending'}
      error={form.state.kind === 'failed' ? form.state.message : undefined}
      onSubmit={() => void form.submit()}
      onClose={onClose}
    >
      {text('city', t.city, t.cityPlaceholder)}
      {text('region', t.region, t.regionPlaceholder)}
      {text('region_type', t.regionType, t.regionTypePlaceholder)}
      <SynonymsInput
        id={`${id}-synonyms`}
        synonyms={fields.synonyms}
        draft={fields.synonymDraft}
        error={errors['synonyms']}
        onChange={(synonyms, draft) => {
          setField('synonyms', synonyms);
          setField('synonymDraft', draft);
        }}
      />
    </FormDialog>
  );
}

interface RegionSectionProps {
  group: RegionGroup<City>;
  /** All the region's cities, for showing the ones past the first 50. */
  all: readonly City[];
  /** A search is under way: the regions it found open by themselves. */
  searching: boolean;
  onEdit: (city: City) => void;
  onDeleted: (city: City) => void;
}

/**
 * One region: a heading that opens it, then its first 50 cities (spec §2) and the rest a click away. Without a search
 * the 85 regions are listed closed, so the page does not draw a thousand rows nobody asked for.
 */
function RegionSection({ group, all, searching, onEdit, onDeleted }: RegionSectionProps) {
  const [toggled, setToggled] = useState<boolean | null>(null);
  const [expanded, setExpanded] = useState(false);
  const open = toggled ?? searching;
  const contentId = useId();
  const cities = expanded ? all : group.cities;
  const name = group.region_type ? `${group.region} · ${group.region_type}` : group.region;
  return (
    <Section
      className="admin-section"
      header={
        <SectionHeading>
          <button
            type="button"
            className="admin-region-toggle"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setToggled(!open)}
          >
            <span className="admin-region-toggle__mark" aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
            <span className="admin-region-toggle__name">{name}</span>
            <span className="admin-region-toggle__count">{t.regionCount(all.length)}</span>
          </button>
        </SectionHeading>
      }
    >
      {open ? (
        <div id={contentId}>
          {cities.map((city) => (
            <Cell
              key={city.id}
              Component="div"
              className="admin-cell"
              subtitle={city.synonyms.length > 0 ? city.synonyms.join(', ') : undefined}
              multiline
              after={
                <div className="admin-cell__actions">
                  <Button
                    size="s"
                    mode="bezeled"
                    onClick={() => onEdit(city)}
                    aria-label={`${adminMessages.edit}: ${city.city}`}
                  >
                    {adminMessages.edit}
                  </Button>
                  <DeleteControl
                    name={city.city}
                    question={adminMessages.confirm.city(city.city)}
                    remove={() => deleteCity(city.id)}
                    onDeleted={() => onDeleted(city)}
                  />
                </div>
              }
            >
              {city.city}
            </Cell>
          ))}
          {!expanded && group.hiddenCount > 0 ? (
            <div className="admin-more">
              <Button size="s" mode="plain" onClick={() => setExpanded(true)}>
                {t.showMore(group.hiddenCount)}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <div id={contentId} hidden />
      )}
    </Section>
  );
}

/** /addresses (spec §2): cities grouped by region, searchable by city, region or synonym. */
export function CitiesScreen() {
  const { state, retry } = useCall(citiesAtom);
  const update = useSetAtom(citiesAtom);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<{ city: City | null } | null>(null);

  return (
    <AdminPage
      title={t.title}
      actions={
        <Button size="m" onClick={() => setEditing({ city: null })}>
          {t.create}
        </Button>
      }
    >
      <SearchField label={t.search} value={query} onChange={setQuery} />
      <CallView state={state} retry={retry} empty={MESSAGES.nothingFound}>
        {(cities) => {
          const found = searchCities(cities, deferredQuery);
          if (found.length === 0) return <p className="admin-empty">{MESSAGES.nothingFound}</p>;
          const everyCity = new Map(
            groupCitiesByRegion(found, Number.POSITIVE_INFINITY).map((group) => [group.region, group.cities]),
          );
          return groupCitiesByRegion(found).map((group) => (
            <RegionSection
              key={group.region}
              group={group}
              all={everyCity.get(group.region) ?? group.cities}
              searching={deferredQuery.trim() !== ''}
              onEdit={(city) => setEditing({ city })}
              onDeleted={(city) => update({ type: 'update', update: (list) => removeById(list, city.id) })}
            />
          ));
        }}
      </CallView>
      {editing ? (
        <CityFormDialog
          key={editing.city?.id ?? 'new'}
          city={editing.city}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            update({ type: 'update', update: (list) => replaceById(list, saved) });
            setEditing(null);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
