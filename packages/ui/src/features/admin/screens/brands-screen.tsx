import { Avatar, Badge, Switch } from '@telegram-apps/telegram-ui';
import type { Brand } from '@autoradar/contract';
import { SaveBrandRequestSchema } from '@autoradar/contract/reference';
import { searchBrands } from '@autoradar/core';
import { deleteBrand, saveBrand } from '../api';
import { Initial } from '../components/initial';
import { ReferenceFormDialog, useReferenceForm, type ReferenceFormProps } from '../components/reference-form';
import { FoundSection, ReferencePage, ReferenceRow, useReferenceList } from '../components/reference-list';
import { FormTextField } from '../../../components/field/text-field';
import { adminMessages } from '../messages';
import { brandsAtom } from '../state';
import '../admin.css';

const t = adminMessages.brands;

/** Create or edit a brand: name, icon address, the popular flag and synonyms. */
export function BrandFormDialog(props: ReferenceFormProps<Brand>) {
  const brand = props.row;
  const form = useReferenceForm(props, {
    fields: { name: brand?.name ?? '', icon: brand?.icon ?? '', popular: brand?.popular ?? false },
    toBody: ({ name, icon, popular }) => ({ name, icon: icon.trim() === '' ? null : icon, popular }),
    schema: SaveBrandRequestSchema,
    save: saveBrand,
  });
  const { fields, setField } = form;
  const iconPreview = fields.icon.trim();
  return (
    <ReferenceFormDialog form={form} texts={t} {...props}>
      <FormTextField form={form} name="name" label={t.name} required placeholder={t.namePlaceholder} />
      <FormTextField
        form={form}
        name="icon"
        label={t.icon}
        type="url"
        inputMode="url"
        placeholder={t.iconPlaceholder}
        before={
          /^https?:\/\//.test(iconPreview) ? (
            <img className="admin-icon-preview" src={iconPreview} alt={t.iconAlt(fields.name)} />
          ) : undefined
        }
      />
      <label className="admin-switch">
        <span>{t.popular}</span>
        <Switch checked={fields.popular} onChange={(event) => setField('popular', event.target.checked)} />
      </label>
    </ReferenceFormDialog>
  );
}

function BrandIcon({ brand }: { brand: Brand }) {
  return brand.icon ? (
    <Avatar size={40} src={brand.icon} alt={t.iconAlt(brand.name)} />
  ) : (
    <Avatar size={40} fallbackIcon={<Initial text={brand.name} />} />
  );
}

/** /brands (spec §2): every brand, searchable by name or synonym, with create, edit and delete. */
export function BrandsScreen() {
  const list = useReferenceList(brandsAtom);
  return (
    <ReferencePage texts={t} list={list} search={searchBrands} form={BrandFormDialog}>
      {(found, brands) => (
        <FoundSection shown={found.length} total={brands.length}>
          {found.map((brand) => (
            <ReferenceRow
              key={brand.id}
              name={brand.name}
              before={<BrandIcon brand={brand} />}
              titleBadge={brand.popular ? <Badge type="number">{t.popularBadge}</Badge> : undefined}
              subtitle={brand.synonyms.length > 0 ? brand.synonyms.join(', ') : adminMessages.synonyms.none}
              question={adminMessages.confirm.brand(brand.name)}
              remove={() => deleteBrand(brand.id)}
              onEdit={() => list.edit(brand)}
              onDeleted={() => list.removed(brand)}
            />
          ))}
        </FoundSection>
      )}
    </ReferencePage>
  );
}
