import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Select } from '@telegram-apps/telegram-ui';
import type { Brand, Model } from '@autoradar/contract';
import { SaveModelRequestSchema } from '@autoradar/contract/reference';
import { MESSAGES, searchModels } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { deleteModel, saveModel } from '../api';
import { AdminPage } from '../components/admin-page';
import { BrandOptions } from '../components/brand-options';
import { AdminCallView } from '../components/admin-call-view';
import { Field, fieldAria } from '../../../components/field/field';
import { ReferenceFormDialog, useReferenceForm, type ReferenceFormProps } from '../components/reference-form';
import { FoundSection, ReferenceList, ReferenceRow, useReferenceList } from '../components/reference-list';
import { FormTextField } from '../../../components/field/text-field';
import { StatusMessage } from '../../../components/status/status';
import { removeById, replaceById } from '../list-updates';
import { adminMessages } from '../messages';
import { brandsAtom, modelDetailsFamily, modelsFamily } from '../state';
import '../admin.css';

const t = adminMessages.models;

export interface ModelFormDialogProps extends ReferenceFormProps<Model> {
  brands: readonly Brand[];
  /** The brand a new model belongs to (the one the list shows). */
  brandId: string;
}

/** Create or edit a model: its name, its brand and synonyms. */
export function ModelFormDialog({ brands, brandId, ...props }: ModelFormDialogProps) {
  const model = props.row;
  const form = useReferenceForm(props, {
    fields: { name: model?.name ?? '', brandId: model ? String(model.car_brand_id) : brandId },
    toBody: ({ name, brandId: brand }) => ({ name, car_brand_id: Number(brand) }),
    schema: SaveModelRequestSchema,
    save: saveModel,
  });
  const brandError = form.errors['car_brand_id'];
  return (
    <ReferenceFormDialog form={form} texts={t} {...props}>
      <Field id={`${form.id}-brand`} label={t.brand} error={brandError}>
        <Select
          {...fieldAria(`${form.id}-brand`, brandError)}
          value={form.fields.brandId}
          onChange={(event) => form.setField('brandId', event.target.value)}
        >
          <BrandOptions brands={brands} />
        </Select>
      </Field>
      <FormTextField form={form} name="name" label={t.name} required placeholder={t.namePlaceholder} />
    </ReferenceFormDialog>
  );
}

interface DetailsColumnProps {
  title: string;
  none: string;
  items: { id: number; text: string; hint?: string }[];
}

/** A list of names (each with its hint) under a heading, or the text saying there are none. */
function DetailsColumn({ title, none, items }: DetailsColumnProps) {
  return (
    <div>
      <h3 className="admin-details__title">{title}</h3>
      {items.length === 0 ? (
        <p className="admin-details__empty">{none}</p>
      ) : (
        <ul className="admin-details__list">
          {items.map((item) => (
            <li key={item.id}>
              {item.text}
              {item.hint ? <span className="admin-details__hint"> {item.hint}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A model's generations (with their years) and body configurations, loaded when the row is opened. */
function ModelDetailsPanel({ modelId }: { modelId: number }) {
  const { state, retry } = useCall(modelDetailsFamily(String(modelId)));
  return (
    <div className="admin-details" id={`model-${modelId}-details`}>
      <AdminCallView state={state} retry={retry}>
        {({ generations, configurations }) => (
          <div className="admin-details__columns">
            <DetailsColumn
              title={t.generations}
              none={t.noGenerations}
              items={generations.map(({ id, name, yearFrom, yearTo }) => ({
                id,
                text: name,
                hint: t.years(yearFrom, yearTo),
              }))}
            />
            <DetailsColumn
              title={t.configurations}
              none={t.noConfigurations}
              items={configurations.map(({ id, name }) => ({ id, text: name }))}
            />
          </div>
        )}
      </AdminCallView>
    </div>
  );
}

function ModelRow({ model, onEdit, onDeleted }: { model: Model; onEdit: () => void; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="admin-row-block">
      <ReferenceRow
        name={model.name}
        subtitle={model.synonyms.length > 0 ? model.synonyms.join(', ') : adminMessages.synonyms.none}
        question={adminMessages.confirm.model(model.name)}
        remove={() => deleteModel(model.id)}
        onEdit={onEdit}
        onDeleted={onDeleted}
        actions={
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
        }
      />
      {open ? <ModelDetailsPanel modelId={model.id} /> : null}
    </div>
  );
}

const byName = (a: Model, b: Model) => a.name.localeCompare(b.name, 'ru');

function ModelsOfBrand({ brandId, brands }: { brandId: string; brands: readonly Brand[] }) {
  const list = useReferenceList(modelsFamily(brandId));
  return (
    <ReferenceList
      list={list}
      texts={t}
      empty={MESSAGES.noModels}
      search={searchModels}
      toolbar={
        <Button size="m" onClick={list.create}>
          {t.create}
        </Button>
      }
      form={(props) => (
        <ModelFormDialog
          {...props}
          brands={brands}
          brandId={brandId}
          onSaved={(saved) => {
            // A model moved to another brand leaves this list.
            list.change((models) =>
              String(saved.car_brand_id) === brandId
                ? replaceById(models, saved).sort(byName)
                : removeById(models, saved.id),
            );
            list.close();
          }}
        />
      )}
    >
      {(found, models) => (
        <FoundSection shown={found.length} total={models.length}>
          {found.map((model) => (
            <ModelRow
              key={model.id}
              model={model}
              onEdit={() => list.edit(model)}
              onDeleted={() => list.removed(model)}
            />
          ))}
        </FoundSection>
      )}
    </ReferenceList>
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
      <AdminCallView state={brands.state} retry={brands.retry} empty={MESSAGES.nothingFound}>
        {(list) => {
          const known = list.some((brand) => String(brand.id) === brandId);
          return (
            <>
              <div className="admin-form-card admin-brand-picker">
                <Field id={selectId} label={t.brand}>
                  <Select
                    id={selectId}
                    value={known ? brandId : ''}
                    onChange={(event) => setParams(event.target.value ? { brand: event.target.value } : {})}
                  >
                    <option value="">{t.chooseBrand}</option>
                    <BrandOptions brands={list} />
                  </Select>
                </Field>
              </div>
              {known ? (
                <ModelsOfBrand key={brandId} brandId={brandId} brands={list} />
              ) : (
                <StatusMessage look="section" header={MESSAGES.noBrandSelected} />
              )}
            </>
          );
        }}
      </AdminCallView>
    </AdminPage>
  );
}
