import { List, Section, Subheadline } from '@telegram-apps/telegram-ui';
import { CITY_MAX_LENGTH, TEXT_COUNTER_MAX, VIN_LENGTH } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { describedBy, Field } from '../../../components/field/field';
import { TextField } from '../../../components/field/text-field';
import { citiesAtom } from '../../../store/reference';
import type { ListingDraft } from '../hooks/use-listing-draft';
import type { ShownErrors } from '../hooks/use-shown-errors';
import type { useUploads } from '../hooks/use-uploads';
import type { FormField, ListingForm } from '../listing-form';
import { sellMessages as t } from '../messages';
import { CarPickers, type CarNames } from './car-pickers';
import { ContactsEditor } from './contacts-editor';
import { DigitsInput, type DigitsInputProps } from './digits-input';
import { PhotosSection } from './photos-section';

// The new-listing form's five sections (spec §2 /new): what the car is, its price and city, the description, the
// contacts and the photos. They edit the draft (useListingDraft) and show the errors useShownErrors lets through.

export interface ListingSectionsProps {
  editor: ListingDraft;
  uploads: ReturnType<typeof useUploads>;
  errors: ShownErrors;
  /** The car's names (POST /api/car-data) for the title preview. */
  names: CarNames | null;
  /** Without the server the form is shown but nothing that needs it can be pressed. */
  disabled: boolean;
}

export function ListingSections({ editor, uploads, errors, names, disabled }: ListingSectionsProps) {
  const { form, setField } = editor;
  const { errorOf, touch } = errors;
  const titlePreview = names ? [names.brand, names.model, form.year].filter(Boolean).join(' ') : null;
  const digits = { editor, errors };
  const rowErrors: Record<number, string | undefined> = {};
  form.contacts.forEach((_, index) => {
    rowErrors[index] = errorOf(`contacts.${index}.value`);
  });
  return (
    <>
      <List className="sell-sections">
        <Section
          header={<SectionTitle>{t.sections.basic}</SectionTitle>}
          footer={titlePreview ? t.titlePreview(titlePreview) : undefined}
        >
          <CarPickers
            form={form}
            errors={{
              brand_id: errorOf('brand_id'),
              model_id: errorOf('model_id'),
              generation_id: errorOf('generation_id'),
              configuration_id: errorOf('configuration_id'),
            }}
            onChange={editor.setFields}
            onBlur={touch}
            disabled={disabled}
          />
          <DigitsField
            {...digits}
            field="year"
            label={t.year}
            grouped={false}
            maxDigits={4}
            placeholder={t.yearPlaceholder}
          />
          <DigitsField {...digits} field="mileage" label={t.mileage} placeholder="0" />
          <TextField
            id="sell-vin"
            label={t.vin}
            inputClassName="sell-vin"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={VIN_LENGTH * 2}
            placeholder={t.vinPlaceholder}
            hint={t.vinHint}
            value={form.vin}
            error={errorOf('vin')}
            onChange={(value) => setField('vin', value)}
            onBlur={() => touch('vin')}
          />
        </Section>

        <Section header={<SectionTitle>{t.sections.priceAndLocation}</SectionTitle>}>
          <DigitsField {...digits} field="price" label={t.price} placeholder="0" />
          <TextField
            id="sell-city"
            label={t.city}
            autoComplete="address-level2"
            placeholder={t.cityPlaceholder}
            list="sell-cities"
            value={form.city}
            error={errorOf('city')}
            onChange={(value) => setField('city', value)}
            onBlur={() => touch('city')}
          />
        </Section>

        <Section header={<SectionTitle>{t.sections.description}</SectionTitle>}>
          <TextField
            id="sell-description"
            label={t.description}
            labelHidden
            rows={5}
            counter={TEXT_COUNTER_MAX}
            placeholder={t.descriptionPlaceholder}
            value={form.description}
            error={errorOf('description')}
            onChange={(value) => setField('description', value)}
            onBlur={() => touch('description')}
          />
        </Section>

        <Section header={<SectionTitle>{t.sections.contacts}</SectionTitle>}>
          <ContactsEditor
            contacts={form.contacts}
            rowErrors={rowErrors}
            error={errorOf('contacts')}
            onChange={(contacts) => setField('contacts', contacts)}
            onBlur={() => touch('contacts')}
            disabled={disabled}
          />
        </Section>

        <Section header={<SectionTitle>{t.sections.photos}</SectionTitle>}>
          <PhotosSection
            media={editor.media}
            uploads={uploads.items}
            hiddenMedia={uploads.shownAsItems}
            onPick={uploads.add}
            onRemove={editor.removeMedia}
            onMakeMain={editor.makeMain}
            onRetry={uploads.retry}
            onDismiss={uploads.dismiss}
            disabled={disabled}
          />
        </Section>
      </List>
      <CityOptions />
    </>
  );
}

type NumberField = { [K in FormField]: ListingForm[K] extends number | null ? K : never }[FormField];

/** A number of the form (year, mileage, price) typed as digits, in its labelled field. */
function DigitsField({
  editor,
  errors,
  field,
  label,
  ...digits
}: Pick<ListingSectionsProps, 'editor' | 'errors'> & { field: NumberField; label: string } & Pick<
    DigitsInputProps,
    'grouped' | 'maxDigits' | 'placeholder'
  >) {
  const id = `sell-${field}`;
  const error = errors.errorOf(field);
  return (
    <Field id={id} label={label} error={error}>
      <DigitsInput
        {...digits}
        id={id}
        value={editor.form[field]}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        onValueChange={(value) => editor.setField(field, value)}
        onBlur={() => errors.touch(field)}
      />
    </Field>
  );
}

/**
 * A section's title as an h2 under the page's h1 (telegram-ui's own section header is an h1, which would give the
 * page six top-level headings), in the kit's section-header type.
 */
function SectionTitle({ children }: { children: string }) {
  return (
    <header className="sell-section-title">
      <Subheadline level="2" weight="2" Component="h2">
        {children}
      </Subheadline>
    </header>
  );
}

/** City suggestions for the city field (GET /api/addresses); the field takes any text up to 50 characters. */
function CityOptions() {
  const { state } = useCall(citiesAtom);
  const cities = state.kind === 'loaded' ? state.data : [];
  const names = [...new Set(cities.map((c) => c.city).filter((name) => name.length <= CITY_MAX_LENGTH))];
  return (
    <datalist id="sell-cities">
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
