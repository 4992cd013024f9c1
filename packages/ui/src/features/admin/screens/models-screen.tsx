import { useDeferredValue, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router-dom';
import { Button, Cell, Input, Placeholder, Section, Select } from '@telegram-apps/telegram-ui';
import { SaveModelRequestSchema, type Brand, type Model } from '@autoradar/contract';
import { MESSAGES, searchModels } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { deleteModel, saveModel, type ModelBody } from '../api';
import { AdminPage } from '../components/admin-page';
import { CallView } from '../components/call-view';
import { DeleteControl } from '../components/delete-control';
import { Field, fieldAria } from '../components/field';
import { FormDialog } from '../components/form-dialog';
import { SearchField } from '../components/search-field';
import { addSynonym, SynonymsInput } from '../components/synonyms-input';
import { describeApiMessage } from '../errors';
import { useSaveForm } from '../hooks/use-save-form';
import { removeById, replaceById } from '../list-updates';
import { adminMessages } from '../messages';
import { brandsAtom, modelDetailsFamily, modelsFamily } from '../state';
import '../admin.css';

const t = adminMessages.models;

interface ModelFields {
  name: string;
  brandId: string;
  synonyms: string[];
  synonymDraft: string;
}

const toBody = (fields: ModelFields): ModelBody => ({
  name: fields.name,
  car_brand_id: Number(fields.brandId),
  synonyms: addSynonym(fields.synonyms, fields.synonymDraft),
});

export interface ModelFormDialogProps {
  model: Model | null;
  brands: readonly Brand[];
  /** The brand a new model belongs to (the one the list shows). */
  brandId: string;
  onSaved: (model: Model) => void;
  onClose: () => void;
  save?: (id: number | null, body: ModelBody) => Promise<Model>;
}

/** Create or edit a model: its name, its brand and synonyms. */
export function ModelFormDialog({ model, brands, brandId, onSaved, onClose, save = saveModel }: ModelFormDialogProps) {
  const id = useId();
  const form = useSaveForm({
    initial: {
      name: model?.name ?? '',
      brandId: model ? String(model.car_brand_id) : brandId,
      synonyms: model?.synonyms ?? [],
      synonymDraft: '',
    },
    toBody,
    schema: SaveModelRequestSchema,
    save: (body: ModelBody) => save(model?.id ?? null, body),
    describeError: describeApiMessage,
    onSaved,
  });
  const { fields, errors, setField } = form;
  return (
    <FormDialog
      open
      title={model ? t.editTitle : t.createTitle}
      pending={form.state.kind === 'pending'}
      error={form.state.kind === 'failed' ? form.state.message : undefined}
      onSubmit={() => void form.submit()}
      onClose={onClose}
    >
      <Field id={`${id}-brand`} label={t.brand} error={errors['car_brand_id']}>
        <Select
          {...fieldAria(`${id}-brand`, errors['car_brand_id'])}
          value={fields.brandId}
          onChange={(event) => setField('brandId', event.target.value)}
        >
          {brands.map((brand) => (
            <option key={brand.id} value={String(brand.id)}>
              {brand.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-name`} label={t.name} error={errors['name']}>
        <Input
          {...fieldAria(`${id}-name`, errors['name'])}
          aria-required
          value={fields.name}
          placeholder={t.namePlaceholder}
          onChange={(event) => setField('name', event.target.value)}
        />
      </Field>
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

/** A model's generations (with their years) and body configurations, loaded when the row is opened. */
function ModelDetailsPanel({ modelId }: { modelId: number }) {
  const { state, retry } = useCall(modelDetailsFamily(String(modelId)));
  return (
    <div className="admin-details" id={`model-${modelId}-details`}>
      <CallView state={state} retry={retry}>
        {({ generations, configurations }) => (
          <div className="admin-details__columns">
            <div>
              <h3 className="admin-details__title">{t.generations}</h3>
              {generations.length === 0 ? (
                <p className="admin-details__empty">{t.noGenerations}</p>
              ) : (
                <ul className="admin-details__list">
                  {generations.map((generation) => (
                    <li key={generation.id}>
                      {generation.name}{' '}
                      <span className="admin-details__hint">{t.years(generation.yearFrom, generation.yearTo)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="admin-details__title">{t.configurations}</h3>
              {configurations.length === 0 ? (
                <p className="admin-details__empty">{t.noConfigurations}</p>
              ) : (
                <ul className="admin-details__list">
                  {configurations.map((configuration) => (
                    <li key={configuration.id}>{configuration.name}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </CallView>
    </div>
  );
}

function ModelRow({ model, onEdit, onDeleted }: { model: Model; onEdit: () => void; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-row-block">
      <Cell
        Component="div"
        className="admin-cell"
        subtitle={model.synonyms.length > 0 ? model.synonyms.join(', ') : adminMessages.synonyms.none}
        multiline
        after={
          <div className="admin-cell__actions">
            <Button
              size="s"
              mode="plain"
              aria-expanded={open}
              aria-controls={`model-${model.id}-details`}
              aria-label={`${t.details}: ${model.name}`}
              onClick={() => setOpen(!open)}
            >
              {t.details}
            </Button>
            <Button size="s" mode="bezeled" onClick={onEdit} aria-label={`${adminMessages.edit}: ${model.name}`}>
              {adminMessages.edit}
            </Button>
            <DeleteControl
              name={model.name}
              question={adminMessages.confirm.model(model.name)}
              remove={() => deleteModel(model.id)}
              onDeleted={onDeleted}
            />
          </div>
        }
      >
        {model.name}
      </Cell>
      {open ? <ModelDetailsPanel modelId={model.id} /> : null}
    </div>
  );
}

const byName = (a: Model, b: Model) => a.name.localeCompare(b.name, 'ru');

function ModelsOfBrand({ brandId, brands }: { brandId: string; brands: readonly Brand[] }) {
  const modelsAtom = modelsFamily(brandId);
  const { state, retry } = useCall(modelsAtom);
  const update = useSetAtom(modelsAtom);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<{ model: Model | null } | null>(null);

  return (
    <>
      <div className="admin-toolbar">
        <div className="admin-row__grow">
          <SearchField label={t.search} value={query} onChange={setQuery} />
        </div>
        <Button size="m" onClick={() => setEditing({ model: null })}>
          {t.create}
        </Button>
      </div>
      <CallView state={state} retry={retry} empty={MESSAGES.noModels}>
        {(models) => {
          const found = searchModels(models, deferredQuery);
          if (found.length === 0) return <p className="admin-empty">{MESSAGES.nothingFound}</p>;
          return (
            <Section
              className="admin-section"
              footer={found.length < models.length ? adminMessages.found(found.length, models.length) : undefined}
            >
              {found.map((model) => (
                <ModelRow
                  key={model.id}
                  model={model}
                  onEdit={() => setEditing({ model })}
                  onDeleted={() => update({ type: 'update', update: (list) => removeById(list, model.id) })}
                />
              ))}
            </Section>
          );
        }}
      </CallView>
      {editing ? (
        <ModelFormDialog
          key={editing.model?.id ?? 'new'}
          model={editing.model}
          brands={brands}
          brandId={brandId}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            // A model moved to another brand leaves this list.
            update({
              type: 'update',
              update: (list) =>
                String(saved.car_brand_id) === brandId
                  ? replaceById(list, saved).sort(byName)
                  : removeById(list, saved.id),
            });
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

/** /models (spec §2): the models of the chosen brand, searchable, with their generations and configurations. */
export function ModelsScreen() {
  const brands = useCall(brandsAtom);
  const [params, setParams] = useSearchParams();
  const brandId = params.get('brand') ?? '';
  const selectId = useId();

  return (
    <AdminPage title={t.title}>
      <CallView state={brands.state} retry={brands.retry} empty={MESSAGES.nothingFound}>
        {(list) => {
          const known = list.some((brand) => String(brand.id) === brandId);
          return (
            <>
              <div className="admin-field admin-brand-picker">
                <label className="admin-field__label" htmlFor={selectId}>
                  {t.brand}
                </label>
                <Select
                  id={selectId}
                  value={known ? brandId : ''}
                  onChange={(event) => setParams(event.target.value ? { brand: event.target.value } : {})}
                >
                  <option value="">{t.chooseBrand}</option>
                  {list.map((brand) => (
                    <option key={brand.id} value={String(brand.id)}>
                      {brand.name}
                    </option>
                  ))}
                </Select>
              </div>
              {known ? (
                <ModelsOfBrand key={brandId} brandId={brandId} brands={list} />
              ) : (
                <Placeholder className="admin-state" header={MESSAGES.noBrandSelected} />
              )}
            </>
          );
        }}
      </CallView>
    </AdminPage>
  );
}
