import { useCallback, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Input, List, Section, Subheadline, Textarea } from '@telegram-apps/telegram-ui';
import type { Draft, User } from '@autoradar/contract';
import { CITY_MAX_LENGTH, isProActive, MESSAGES, TEXT_COUNTER_MAX, type FieldErrors } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { useListingDraft, type SaveStatus } from '../hooks/use-listing-draft';
import { useEditingGuard, useHaptics } from '../../../platform-hooks';
import { useUploads, type UploadFn } from '../hooks/use-uploads';
import { publishErrors, type FormField, type ListingForm, type MediaItem } from '../listing-form';
import { sellMessages as t } from '../messages';
import { showPageNotice } from '../page-notice';
import { citiesAtom } from '../../../store/reference';
import { CarPickers, useCarNames } from './car-pickers';
import { ContactsEditor } from './contacts-editor';
import { DigitsInput } from './digits-input';
import { describedBy, Field } from './field';
import { PhotosSection } from './photos-section';
import { PublishAction, type PrimaryActionProps } from './publish-action';
import { PATHS, postPath } from '../../../paths';

export interface ListingEditorProps {
  /** The server's draft; null runs the form on the device's copy alone (no connection). */
  draft: Draft | null;
  user: User;
  /** The photo transport (XMLHttpRequest by default). */
  upload?: UploadFn;
  /** Renders the primary action; issue 13 passes Telegram's main button here. */
  PrimaryAction?: ComponentType<PrimaryActionProps>;
}

type Notice = { tone: 'success' | 'error'; text: string } | null;

const REQUIRED_MESSAGES: readonly string[] = [MESSAGES.required, MESSAGES.contactRequired];
/** Texts that can be too long: said at once while typing, not only when the field is left. */
const LENGTH_FIELDS: readonly string[] = ['city', 'description'];
const MISSING_ORDER = Object.keys(t.missing);
const fieldOf = (path: string) => path.split('.')[0] as FormField;

/** Fields that already hold something: their errors show from the start (a reload keeps showing them). */
function filledFields(form: ListingForm): Set<FormField> {
  const filled = new Set<FormField>();
  for (const [field, value] of Object.entries(form) as [FormField, unknown][]) {
    if (field === 'contacts') {
      if (form.contacts.some((c) => c.value.trim() !== '')) filled.add(field);
    } else if (value !== null && value !== '') filled.add(field);
  }
  return filled;
}

function statusText(status: SaveStatus): { text: string; tone: 'hint' | 'error' } | null {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'pending':
      return { text: t.autosave.local, tone: 'hint' };
    case 'saving':
      return { text: t.autosave.saving, tone: 'hint' };
    case 'saved':
      return { text: status.message, tone: 'hint' };
    case 'offline':
      return { text: t.autosave.offline, tone: 'hint' };
    case 'failed':
      return { text: status.message, tone: 'error' };
  }
}

/** The new-listing form (spec §2 /new): five sections, the photos, and publishing. */
export function ListingEditor({ draft, user, upload, PrimaryAction = PublishAction }: ListingEditorProps) {
  const navigate = useNavigate();
  const addMediaRef = useRef<(media: MediaItem) => void>(() => undefined);
  const uploads = useUploads({
    draftId: draft?.id ?? null,
    onUploaded: (media) => addMediaRef.current(media),
    ...(upload ? { upload } : {}),
  });
  const editor = useListingDraft({ draft, userId: user.id, holdMedia: uploads.busy });
  const { form, setField, setFields, addMedia } = editor;
  useLayoutEffect(() => {
    addMediaRef.current = addMedia;
  }, [addMedia]);

  const [touched, setTouched] = useState<Set<FormField>>(() => filledFields(form));
  const touch = useCallback(
    (field: FormField) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    [],
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [acting, setActing] = useState<'publish' | 'save' | null>(null);
  const haptics = useHaptics();
  // Telegram asks before closing (and a swipe does not close) while input is not yet saved (issue 13).
  useEditingGuard(['pending', 'saving', 'offline', 'failed'].includes(editor.status.kind));

  const now = new Date();
  const clientErrors = publishErrors(form, now);
  const serverErrors: FieldErrors = editor.serverErrors;
  const errorOf = (path: string): string | undefined => {
    if (serverErrors[path]) return serverErrors[path];
    const message = clientErrors[path];
    const shown = touched.has(fieldOf(path)) || (LENGTH_FIELDS.includes(path) && message !== MESSAGES.required);
    return message && shown ? message : undefined;
  };
  const names = useCarNames(form);
  const isPro = isProActive(user, now);

  const problems = Object.keys(clientErrors).length + Object.keys(serverErrors).length;
  const canPublish = problems === 0 && editor.connected && !uploads.busy && acting === null;
  const missing = MISSING_ORDER.filter((path) => REQUIRED_MESSAGES.includes(clientErrors[path] ?? '')).map(
    (path) => t.missing[path as keyof typeof t.missing],
  );
  const otherErrors = problems > missing.length;

  const goToPay = (message: string) => {
    showPageNotice(`${message || MESSAGES.draftSaved}\n${t.toPay}`);
    void navigate(PATHS.pay);
  };

  const onPrimary = async () => {
    setNotice(null);
    setActing('publish');
    if (!isPro) {
      const saved = await editor.saveAll();
      setActing(null);
      if (saved?.ok) goToPay(saved.message);
      else if (saved) setNotice({ tone: 'error', text: saved.message });
      return;
    }
    const result = await editor.publish();
    if (result.ok) {
      haptics.notify('success');
      showPageNotice(result.message);
      void navigate(postPath(result.postId));
      return;
    }
    if (result.proRequired) {
      // The tariff ended since the page was opened: the draft is saved and kept, then payment (spec §4).
      const saved = await editor.saveAll();
      setActing(null);
      if (saved?.ok) goToPay(saved.message);
      else if (saved) setNotice({ tone: 'error', text: saved.message });
      return;
    }
    setActing(null);
    haptics.notify('error');
    setNotice({ tone: 'error', text: result.message });
  };

  const onSave = async () => {
    setNotice(null);
    setActing('save');
    const saved = await editor.saveAll();
    setActing(null);
    if (saved) setNotice({ tone: saved.ok ? 'success' : 'error', text: saved.message });
  };

  const rowErrors: Record<number, string | undefined> = {};
  form.contacts.forEach((_, index) => {
    const path = `contacts.${index}.value`;
    rowErrors[index] = errorOf(path);
  });
  const autosave = statusText(editor.status);
  const disabled = !editor.connected;

  const yearError = errorOf('year');
  const mileageError = errorOf('mileage');
  const priceError = errorOf('price');
  const cityError = errorOf('city');
  const descriptionError = errorOf('description');
  const titlePreview = names ? [names.brand, names.model, form.year].filter(Boolean).join(' ') : null;

  return (
    <form
      className="sell-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canPublish) void onPrimary();
      }}
    >
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
            onChange={setFields}
            onBlur={touch}
            disabled={disabled}
          />
          <Field id="sell-year" label={t.year} error={yearError}>
            <DigitsInput
              id="sell-year"
              grouped={false}
              maxDigits={4}
              placeholder={t.yearPlaceholder}
              value={form.year}
              invalid={Boolean(yearError)}
              aria-describedby={describedBy('sell-year', yearError, false)}
              onValueChange={(value) => setField('year', value)}
              onBlur={() => touch('year')}
            />
          </Field>
          <Field id="sell-mileage" label={t.mileage} error={mileageError}>
            <DigitsInput
              id="sell-mileage"
              placeholder="0"
              value={form.mileage}
              invalid={Boolean(mileageError)}
              aria-describedby={describedBy('sell-mileage', mileageError, false)}
              onValueChange={(value) => setField('mileage', value)}
              onBlur={() => touch('mileage')}
            />
          </Field>
        </Section>

        <Section header={<SectionTitle>{t.sections.priceAndLocation}</SectionTitle>}>
          <Field id="sell-price" label={t.price} error={priceError}>
            <DigitsInput
              id="sell-price"
              placeholder="0"
              value={form.price}
              invalid={Boolean(priceError)}
              aria-describedby={describedBy('sell-price', priceError, false)}
              onValueChange={(value) => setField('price', value)}
              onBlur={() => touch('price')}
            />
          </Field>
          <Field id="sell-city" label={t.city} error={cityError}>
            <Input
              id="sell-city"
              autoComplete="address-level2"
              placeholder={t.cityPlaceholder}
              list="sell-cities"
              value={form.city}
              status={cityError ? 'error' : undefined}
              aria-invalid={cityError ? true : undefined}
              aria-describedby={describedBy('sell-city', cityError, false)}
              onChange={(e) => setField('city', e.target.value)}
              onBlur={() => touch('city')}
            />
          </Field>
        </Section>

        <Section header={<SectionTitle>{t.sections.description}</SectionTitle>}>
          <Field
            id="sell-description"
            label={t.description}
            labelHidden
            error={descriptionError}
            aside={
              <span
                className={
                  form.description.length > TEXT_COUNTER_MAX ? 'sell-counter sell-counter--over' : 'sell-counter'
                }
                aria-live="polite"
              >
                {t.counter(form.description.length, TEXT_COUNTER_MAX)}
              </span>
            }
          >
            <Textarea
              id="sell-description"
              rows={5}
              placeholder={t.descriptionPlaceholder}
              value={form.description}
              status={descriptionError ? 'error' : undefined}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={describedBy('sell-description', descriptionError, false)}
              onChange={(e) => setField('description', e.target.value)}
              onBlur={() => touch('description')}
            />
          </Field>
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

      <div className="sell-actions">
        {notice ? (
          <p className={`sell-notice sell-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        ) : null}
        <PrimaryAction
          label={acting === 'publish' ? t.publishing : t.publish}
          disabled={!canPublish}
          loading={acting === 'publish'}
          onAction={() => void onPrimary()}
        />
        {!isPro ? <p className="sell-field__hint sell-actions__note">{t.proNote}</p> : null}
        {uploads.busy ? <p className="sell-field__hint sell-actions__note">{t.waitForUploads}</p> : null}
        {!canPublish && !uploads.busy && editor.connected && (missing.length > 0 || otherErrors) ? (
          <p className="sell-field__hint sell-actions__note">
            {missing.length > 0 ? `${t.missingIntro} ${missing.join(', ')}.` : null}
            {missing.length > 0 && otherErrors ? ' ' : null}
            {otherErrors ? t.fixErrors : null}
          </p>
        ) : null}
        <Button
          mode="bezeled"
          size="m"
          stretched
          disabled={disabled || acting !== null}
          loading={acting === 'save'}
          onClick={() => void onSave()}
        >
          {t.saveDraft}
        </Button>
        {autosave ? (
          <p className={`sell-autosave sell-autosave--${autosave.tone}`} aria-live="polite">
            {autosave.text}
          </p>
        ) : null}
      </div>
      <CityOptions />
    </form>
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
