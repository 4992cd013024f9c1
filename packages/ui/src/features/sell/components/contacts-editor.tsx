import { Button, Input, Select } from '@telegram-apps/telegram-ui';
import {
  CONTACT_MAX_LENGTH,
  CONTACT_TYPES,
  CONTACTS_MAX,
  stripForbiddenChars,
  type ContactType,
} from '@autoradar/core';
import { FieldNote } from '../../../components/field/field';
import { emptyContact, type FormContact } from '../listing-form';
import { sellMessages as t } from '../messages';

export interface ContactsEditorProps {
  contacts: FormContact[];
  /** Messages by row index ('contacts.N.value' of the form's errors). */
  rowErrors: Record<number, string | undefined>;
  /** 'Укажите хотя бы один контакт', once the section was visited. */
  error?: string | undefined;
  onChange: (contacts: FormContact[]) => void;
  onBlur: () => void;
  disabled?: boolean;
}

const INPUT_TYPES: Record<ContactType, string> = {
  phone: 'tel',
  telegram: 'text',
  whatsapp: 'tel',
  email: 'email',
  vk: 'text',
};

/** Spec §3 contacts: rows of a type (phone, Telegram, WhatsApp, e-mail, VK) and a value; rows can be added and removed. */
export function ContactsEditor({
  contacts,
  rowErrors,
  error,
  onChange,
  onBlur,
  disabled = false,
}: ContactsEditorProps) {
  const update = (index: number, change: Partial<FormContact>) =>
    onChange(contacts.map((c, i) => (i === index ? { ...c, ...change } : c)));

  return (
    <div className="sell-contacts">
      {contacts.map((contact, index) => {
        const id = `sell-contact-${contact.key}`;
        const rowError = rowErrors[index];
        return (
          <div key={contact.key} className="sell-contact">
            <div className="sell-contact__row">
              <Select
                className="sell-contact__type"
                aria-label={t.contactType(index + 1)}
                value={contact.type}
                disabled={disabled}
                onChange={(e) => update(index, { type: e.target.value as ContactType })}
              >
                {CONTACT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t.contactTypes[type]}
                  </option>
                ))}
              </Select>
              <Input
                id={id}
                className="sell-contact__value"
                aria-label={t.contactValue(index + 1)}
                type={INPUT_TYPES[contact.type]}
                inputMode={contact.type === 'phone' || contact.type === 'whatsapp' ? 'tel' : undefined}
                autoComplete="off"
                maxLength={CONTACT_MAX_LENGTH}
                placeholder={t.contactPlaceholders[contact.type]}
                value={contact.value}
                disabled={disabled}
                status={rowError ? 'error' : undefined}
                aria-invalid={rowError ? true : undefined}
                aria-describedby={rowError ? `${id}-error` : undefined}
                onChange={(e) => update(index, { value: stripForbiddenChars(e.target.value) })}
                onBlur={onBlur}
              />
              <Button
                className="sell-contact__remove"
                mode="plain"
                size="s"
                aria-label={t.removeContact(index + 1)}
                disabled={disabled || (contacts.length === 1 && contact.value === '')}
                onClick={() => {
                  const rest = contacts.filter((_, i) => i !== index);
                  onChange(rest.length > 0 ? rest : [emptyContact()]);
                }}
              >
                ✕
              </Button>
            </div>
            {rowError ? (
              <FieldNote tone="error" id={`${id}-error`} className="field__note--inset">
                {rowError}
              </FieldNote>
            ) : null}
          </div>
        );
      })}
      {error ? (
        <FieldNote tone="error" className="field__note--inset">
          {error}
        </FieldNote>
      ) : null}
      <div className="sell-contacts__footer">
        <Button
          mode="bezeled"
          size="s"
          disabled={disabled || contacts.length >= CONTACTS_MAX}
          onClick={() => onChange([...contacts, emptyContact(nextType(contacts))])}
        >
          {t.addContact}
        </Button>
        <FieldNote>{t.contactsHint}</FieldNote>
      </div>
    </div>
  );
}

/** A new row offers the first type not used yet (a phone, then Telegram, …). */
function nextType(contacts: readonly FormContact[]): ContactType {
  return CONTACT_TYPES.find((type) => !contacts.some((c) => c.type === type)) ?? 'phone';
}
