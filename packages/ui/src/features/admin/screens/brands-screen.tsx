import { useDeferredValue, useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { Avatar, Badge, Button, Cell, Input, Section, Switch } from '@telegram-apps/telegram-ui';
import { SaveBrandRequestSchema, type Brand } from '@autoradar/contract';
import { MESSAGES, searchBrands } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { deleteBrand, saveBrand, type BrandBody } from '../api';
import { AdminPage } from '../components/admin-page';
import { Initial } from '../components/initial';
import { CallView } from '../components/call-view';
import { DeleteControl } from '../components/delete-control';
import { Field, fieldAria } from '../components/field';
import { FormDialog } from '../components/form-dialog';
import { SearchField } from '../components/search-field';
import { addSynonym, SynonymsInput } from '../components/synonyms-input';
import { describeApiMessage } from '../errors';
import { useSaveForm } from '../hooks/use-save-form';
import { adminMessages } from '../messages';
import { brandsAtom } from '../state';
import { replaceById } from '../list-updates';
import '../admin.css';

const t = adminMessages.brands;

interface BrandFields {
  name: string;
  icon: string;
  popular: boolean;
  synonyms: string[];
  synonymDraft: string;
}

const fieldsOf = (brand: Brand | null): BrandFields => ({
  name: brand?.name ?? '',
  icon: brand?.icon ?? '',
  popular: brand?.popular ?? false,
  synonyms: brand?.synonyms ?? [],
  synonymDraft: '',
});

const toBody = (fields: BrandFields): BrandBody => ({
  name: fields.name,
  icon: fields.icon.trim() === '' ? null : fields.icon,
  popular: fields.popular,
  synonyms: addSynonym(fields.synonyms, fields.synonymDraft),
});

export interface BrandFormDialogProps {
  brand: Brand | null;
  onSaved: (brand: Brand) => void;
  onClose: () => void;
  save?: (id: number | null, body: BrandBody) => Promise<Brand>;
}

/** Create or edit a brand: name, icon address, the popular flag and synonyms. */
export function BrandFormDialog({ brand, onSaved, onClose, save = saveBrand }: BrandFormDialogProps) {
  const id = useId();
  const form = useSaveForm({
    initial: fieldsOf(brand),
    toBody,
    schema: SaveBrandRequestSchema,
    save: (body: BrandBody) => save(brand?.id ?? null, body),
    describeError: describeApiMessage,
    onSaved,
  });
  const { fields, errors, setField } = form;
  const iconPreview = fields.icon.trim();
  return (
    <FormDialog
      open
      title={brand ? t.editTitle : t.createTitle}
      pending={form.state.kind === 'pending'}
      error={form.state.kind === 'failed' ? form.state.message : undefined}
      onSubmit={() => void form.submit()}
      onClose={onClose}
    >
      <Field id={`${id}-name`} label={t.name} error={errors['name']}>
        <Input
          {...fieldAria(`${id}-name`, errors['name'])}
          aria-required
          value={fields.name}
          placeholder={t.namePlaceholder}
          onChange={(event) => setField('name', event.target.value)}
        />
      </Field>
      <Field id={`${id}-icon`} label={t.icon} error={errors['icon']}>
        <div className="admin-row">
          {/^https?:\/\//.test(iconPreview) ? (
            <img className="admin-icon-preview" src={iconPreview} alt={t.iconAlt(fields.name)} />
          ) : null}
          <div className="admin-row__grow">
            <Input
              {...fieldAria(`${id}-icon`, errors['icon'])}
              type="url"
              inputMode="url"
              value={fields.icon}
              placeholder={t.iconPlaceholder}
              onChange={(event) => setField('icon', event.target.value)}
            />
          </div>
        </div>
      </Field>
      <label className="admin-switch">
        <span>{t.popular}</span>
        <Switch checked={fields.popular} onChange={(event) => setField('popular', event.target.checked)} />
      </label>
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

function BrandIcon({ brand }: { brand: Brand }) {
  return brand.icon ? (
    <Avatar size={40} src={brand.icon} alt={t.iconAlt(brand.name)} />
  ) : (
    <Avatar size={40} fallbackIcon={<Initial text={brand.name} />} />
  );
}

function BrandRow({ brand, onEdit, onDeleted }: { brand: Brand; onEdit: () => void; onDeleted: () => void }) {
  return (
    <Cell
      Component="div"
      className="admin-cell"
      before={<BrandIcon brand={brand} />}
      titleBadge={brand.popular ? <Badge type="number">{t.popularBadge}</Badge> : undefined}
      subtitle={brand.synonyms.length > 0 ? brand.synonyms.join(', ') : adminMessages.synonyms.none}
      multiline
      after={
        <div className="admin-cell__actions">
          <Button size="s" mode="bezeled" onClick={onEdit} aria-label={`${adminMessages.edit}: ${brand.name}`}>
            {adminMessages.edit}
          </Button>
          <DeleteControl
            name={brand.name}
            question={adminMessages.confirm.brand(brand.name)}
            remove={() => deleteBrand(brand.id)}
            onDeleted={onDeleted}
          />
        </div>
      }
    >
      {brand.name}
    </Cell>
  );
}

/** /brands (spec §2): every brand, searchable by name or synonym, with create, edit and delete. */
export function BrandsScreen() {
  const { state, retry } = useCall(brandsAtom);
  const update = useSetAtom(brandsAtom);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<{ brand: Brand | null } | null>(null);

  return (
    <AdminPage
      title={t.title}
      actions={
        <Button size="m" onClick={() => setEditing({ brand: null })}>
          {t.create}
        </Button>
      }
    >
      <SearchField label={t.search} value={query} onChange={setQuery} />
      <CallView state={state} retry={retry} empty={MESSAGES.nothingFound}>
        {(brands) => {
          const found = searchBrands(brands, deferredQuery);
          if (found.length === 0) return <p className="admin-empty">{MESSAGES.nothingFound}</p>;
          return (
            <Section
              className="admin-section"
              footer={found.length < brands.length ? adminMessages.found(found.length, brands.length) : undefined}
            >
              {found.map((brand) => (
                <BrandRow
                  key={brand.id}
                  brand={brand}
                  onEdit={() => setEditing({ brand })}
                  onDeleted={() =>
                    update({ type: 'update', update: (list) => list.filter((item) => item.id !== brand.id) })
                  }
                />
              ))}
            </Section>
          );
        }}
      </CallView>
      {editing ? (
        <BrandFormDialog
          key={editing.brand?.id ?? 'new'}
          brand={editing.brand}
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
