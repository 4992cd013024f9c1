import { useId, useState } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import type { City } from '@autoradar/contract';
import { SaveCityRequestSchema } from '@autoradar/contract/reference';
import { groupCitiesByRegion, searchCities, type RegionGroup } from '@autoradar/core';
import { deleteCity, saveCity } from '../api';
import { ReferenceFormDialog, useReferenceForm, type ReferenceFormProps } from '../components/reference-form';
import { ReferencePage, ReferenceRow, useReferenceList } from '../components/reference-list';
import { SectionHeading } from '../components/section-heading';
import { FormTextField } from '../../../components/field/text-field';
import { adminMessages } from '../messages';
import { citiesAtom } from '../state';
import '../admin.css';

const t = adminMessages.cities;

/** Create or edit a city: its name, region, the region's type and synonyms. */
export function CityFormDialog(props: ReferenceFormProps<City>) {
  const city = props.row;
  const form = useReferenceForm(props, {
    fields: { city: city?.city ?? '', region: city?.region ?? '', region_type: city?.region_type ?? '' },
    toBody: ({ city: name, region, region_type }) => ({ city: name, region, region_type }),
    schema: SaveCityRequestSchema,
    save: saveCity,
  });
  return (
    <ReferenceFormDialog form={form} texts={t} {...props}>
      <FormTextField form={form} name="city" label={t.city} required placeholder={t.cityPlaceholder} />
      <FormTextField form={form} name="region" label={t.region} required placeholder={t.regionPlaceholder} />
      <FormTextField
        form={form}
        name="region_type"
        label={t.regionType}
        required
        placeholder={t.regionTypePlaceholder}
      />
    </ReferenceFormDialog>
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
            <ReferenceRow
              key={city.id}
              name={city.city}
              subtitle={city.synonyms.length > 0 ? city.synonyms.join(', ') : undefined}
              question={adminMessages.confirm.city(city.city)}
              remove={() => deleteCity(city.id)}
              onEdit={() => onEdit(city)}
              onDeleted={() => onDeleted(city)}
            />
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
  const list = useReferenceList(citiesAtom);
  return (
    <ReferencePage texts={t} list={list} search={searchCities} form={CityFormDialog}>
      {(found) => {
        const everyCity = new Map(
          groupCitiesByRegion(found, Number.POSITIVE_INFINITY).map((group) => [group.region, group.cities]),
        );
        return groupCitiesByRegion(found).map((group) => (
          <RegionSection
            key={group.region}
            group={group}
            all={everyCity.get(group.region) ?? group.cities}
            searching={list.deferredQuery.trim() !== ''}
            onEdit={list.edit}
            onDeleted={list.removed}
          />
        ));
      }}
    </ReferencePage>
  );
}
