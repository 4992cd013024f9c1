import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FileInput } from '@telegram-apps/telegram-ui';
import type { Partner } from '@autoradar/contract';
import { describePartnerSaveError, PHOTO_MIME_TYPES, validatePartnerForm } from '@autoradar/core';
import { failureOf } from '../../../api/api-error';
import { useCall } from '../../../api/use-call';
import { savePartner, type PartnerFields } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminCallView } from '../components/admin-call-view';
import { Field, fieldAria } from '../../../components/field/field';
import { FormCard } from '../components/form-card';
import { FormTextField } from '../../../components/field/text-field';
import { useSaveForm } from '../../../api/use-save-form';
import { adminMessages } from '../messages';
import { partnerFamily } from '../state';
import { PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.partners;

/** Spec §8: the field messages of a 422 joined, else the server's message, else 'Ошибка сохранения данных'. */
export const describePartnerError = (error: unknown) => describePartnerSaveError(failureOf(error));

/** An address for showing a chosen file, released when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export interface PartnerFormProps {
  /** The partner being edited; null creates one. */
  partner: Partner | null;
  save?: (id: string | null, fields: PartnerFields) => Promise<Partner>;
  onSaved: (partner: Partner) => void;
}

/**
 * The partner form (spec §2, §5): title and link required, the link URL-shaped, the logo required when editing
 * (core validatePartnerForm), with a preview of the chosen or stored logo.
 */
export function PartnerForm({ partner, save = savePartner, onSaved }: PartnerFormProps) {
  const mode = partner ? 'edit' : 'create';
  const initial: PartnerFields = {
    title: partner?.title ?? '',
    url: partner?.url ?? '',
    description: partner?.description ?? '',
    logo: partner?.logo ?? null,
  };
  const form = useSaveForm({
    initial,
    toBody: (fields: PartnerFields) => fields,
    validate: (fields) => validatePartnerForm(fields, mode).errors,
    save: (fields: PartnerFields) => save(partner ? String(partner.id) : null, fields),
    describeError: describePartnerError,
    onSaved,
  });
  const { fields, errors, setField } = form;
  const chosenUrl = useObjectUrl(fields.logo instanceof File ? fields.logo : null);
  const preview = fields.logo instanceof File ? chosenUrl : fields.logo;

  return (
    <FormCard form={form}>
      <FormTextField form={form} name="title" label={t.titleField} required placeholder={t.titlePlaceholder} />
      <FormTextField
        form={form}
        name="url"
        label={t.url}
        required
        type="url"
        inputMode="url"
        placeholder={t.urlPlaceholder}
      />
      <Field id={`${form.id}-logo`} label={t.logo} error={errors['logo']} hint={t.logoHint}>
        <div className="admin-logo">
          {preview ? <img className="admin-logo__preview" src={preview} alt={t.logoPreviewAlt} /> : null}
          <FileInput
            {...fieldAria(`${form.id}-logo`, errors['logo'], true)}
            className="admin-logo__input"
            name="logo"
            label={preview ? t.logoReplace : t.logoChoose}
            accept={PHOTO_MIME_TYPES.join(',')}
            aria-required={mode === 'edit'}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) setField('logo', file);
              // The same file chosen again after a failed save still counts as a choice.
              event.target.value = '';
            }}
          />
        </div>
      </Field>
      <FormTextField
        form={form}
        name="description"
        label={t.description}
        rows={4}
        placeholder={t.descriptionPlaceholder}
      />
    </FormCard>
  );
}

/** /partners/create */
export function PartnerCreateScreen() {
  const navigate = useNavigate();
  return (
    <AdminPage title={t.createTitle} back={PATHS.partners}>
      <PartnerForm partner={null} onSaved={() => void navigate(PATHS.partners)} />
    </AdminPage>
  );
}

/** /partners/:id/edit; a partner that cannot be loaded says 'Не удалось загрузить данные партнера' (spec §8). */
export function PartnerEditScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useCall(partnerFamily(id));
  return (
    <AdminPage title={t.editTitle} back={PATHS.partners}>
      <AdminCallView state={state} retry={retry}>
        {(partner) => <PartnerForm partner={partner} onSaved={() => void navigate(PATHS.partners)} />}
      </AdminCallView>
    </AdminPage>
  );
}
