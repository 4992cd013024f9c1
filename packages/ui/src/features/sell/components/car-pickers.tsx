import { useEffect, useRef } from 'react';
import { atom } from 'jotai';
import { Select } from '@telegram-apps/telegram-ui';
import type { Brand, Configuration, Generation, Model } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import type { CallAtom, CallState } from '../../../api/atom-with-call';
import { useCall } from '../../../api/use-call';
import type { fetchCarData } from '../../../api/reference';
import type { ListingForm } from '../listing-form';
import { sellMessages as t } from '../messages';
import {
  brandsAtom,
  carDataFamily,
  carDataKey,
  configurationsFamily,
  generationsFamily,
  modelsFamily,
} from '../../../store/reference';
import { describedBy, Field } from '../../../components/field/field';

/** Stands in for a call that is not wanted yet (no brand chosen): always loading, never loads. */
const idleAtom = atom(
  (): CallState<never> => ({ kind: 'loading' }),
  () => undefined,
);
const idle = <T,>() => idleAtom as unknown as CallAtom<T>;

/**
 * A reference list (spec §8: a failed load only leaves the list empty). A list kept from a failed earlier visit is
 * asked again once, when the picker appears.
 */
function useReferenceList<T>(callAtom: CallAtom<T[]> | null): T[] {
  const { state, retry } = useCall(callAtom ?? idle<T[]>());
  const retried = useRef(false);
  useEffect(() => {
    if (callAtom && !retried.current && (state.kind === 'failed' || state.kind === 'offline')) {
      retried.current = true;
      retry();
    }
  }, [callAtom, state.kind, retry]);
  return state.kind === 'loaded' || state.kind === 'empty' ? state.data : [];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'ru');
const toId = (value: string) => (value === '' ? null : Number(value));

export interface CarPickersProps {
  form: ListingForm;
  errors: Partial<Record<'brand_id' | 'model_id' | 'generation_id' | 'configuration_id', string>>;
  onChange: (changes: Partial<ListingForm>) => void;
  onBlur: (field: 'brand_id' | 'model_id') => void;
  disabled?: boolean;
}

/**
 * Brand -> model -> generation -> configuration (spec §7 reference calls). Choosing one clears the ones after it;
 * the model waits for a brand; generation and body type appear when the model has them. While a list is not there
 * (loading, or failed), the chosen value is still shown by the names POST /api/car-data gives.
 */
export function CarPickers({ form, errors, onChange, onBlur, disabled = false }: CarPickersProps) {
  const brands = useReferenceList<Brand>(brandsAtom);
  const models = useReferenceList<Model>(form.brand_id ? modelsFamily(String(form.brand_id)) : null);
  const generations = useReferenceList<Generation>(form.model_id ? generationsFamily(String(form.model_id)) : null);
  const configurations = useReferenceList<Configuration>(
    form.model_id && form.generation_id ? configurationsFamily(String(form.model_id)) : null,
  );
  const names = useCarNames(form);

  const popular = brands.filter((b) => b.popular).sort(byName);
  const others = brands.filter((b) => !b.popular).sort(byName);
  const sortedModels = [...models].sort(byName);

  const select = (id: string, error: string | undefined) => ({
    id,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, false),
    disabled,
  });

  const missing = (list: readonly { id: number }[], id: number | null) => id !== null && !list.some((x) => x.id === id);

  return (
    <>
      <Field id="sell-brand" label={t.brand} error={errors.brand_id}>
        <Select
          {...select('sell-brand', errors.brand_id)}
          value={form.brand_id ?? ''}
          onChange={(e) =>
            onChange({ brand_id: toId(e.target.value), model_id: null, generation_id: null, configuration_id: null })
          }
          onBlur={() => onBlur('brand_id')}
        >
          <option value="">{t.chooseBrand}</option>
          {missing(brands, form.brand_id) && names ? <option value={form.brand_id!}>{names.brand}</option> : null}
          {popular.length > 0 ? (
            <optgroup label={t.popularBrands}>
              {popular.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length > 0 ? (
            <optgroup label={popular.length > 0 ? t.otherBrands : t.allBrands}>
              {others.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </Select>
      </Field>
      <Field id="sell-model" label={t.model} error={errors.model_id}>
        <Select
          {...select('sell-model', errors.model_id)}
          disabled={disabled || form.brand_id === null}
          value={form.model_id ?? ''}
          onChange={(e) => onChange({ model_id: toId(e.target.value), generation_id: null, configuration_id: null })}
          onBlur={() => onBlur('model_id')}
        >
          <option value="">
            {form.brand_id === null
              ? MESSAGES.noBrandSelected
              : sortedModels.length === 0 && form.model_id === null
                ? MESSAGES.noModels
                : t.chooseModel}
          </option>
          {missing(models, form.model_id) && names ? <option value={form.model_id!}>{names.model}</option> : null}
          {sortedModels.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      </Field>
      {form.model_id !== null && (generations.length > 0 || form.generation_id !== null) ? (
        <Field id="sell-generation" label={t.generation} error={errors.generation_id}>
          <Select
            {...select('sell-generation', errors.generation_id)}
            value={form.generation_id ?? ''}
            onChange={(e) => onChange({ generation_id: toId(e.target.value), configuration_id: null })}
          >
            <option value="">{t.notChosen}</option>
            {missing(generations, form.generation_id) && names?.generation ? (
              <option value={form.generation_id!}>{names.generation}</option>
            ) : null}
            {generations.map((g) => (
              <option key={g.id} value={g.id}>
                {t.generationLabel(g.name, g.yearFrom, g.yearTo)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {form.generation_id !== null && (configurations.length > 0 || form.configuration_id !== null) ? (
        <Field id="sell-configuration" label={t.configuration} error={errors.configuration_id}>
          <Select
            {...select('sell-configuration', errors.configuration_id)}
            value={form.configuration_id ?? ''}
            onChange={(e) => onChange({ configuration_id: toId(e.target.value) })}
          >
            <option value="">{t.notChosen}</option>
            {missing(configurations, form.configuration_id) && names?.configuration ? (
              <option value={form.configuration_id!}>{names.configuration}</option>
            ) : null}
            {configurations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
    </>
  );
}

export interface CarNames {
  brand: string;
  model: string;
  generation?: string;
  configuration?: string;
}

/** The chosen car's names from POST /api/car-data, or null until brand and model are chosen and answered. */
export function useCarNames(form: ListingForm): CarNames | null {
  const key =
    form.brand_id !== null && form.model_id !== null
      ? carDataKey({
          brand_id: form.brand_id,
          model_id: form.model_id,
          generation_id: form.generation_id,
          configuration_id: form.configuration_id,
        })
      : null;
  const { state } = useCall(key ? carDataFamily(key) : idle<Awaited<ReturnType<typeof fetchCarData>>>());
  if (state.kind !== 'loaded') return null;
  const data = state.data;
  return {
    brand: data.brand.name,
    model: data.model.name,
    ...(data.generation
      ? { generation: t.generationLabel(data.generation.name, data.generation.yearFrom, data.generation.yearTo) }
      : {}),
    ...(data.configuration ? { configuration: data.configuration.name } : {}),
  };
}
