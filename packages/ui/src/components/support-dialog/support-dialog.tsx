import { Link } from 'react-router-dom';
import { validateSupportForm } from '@autoradar/core';
import { readSupportEmail, readSupportTelegram } from '../../config';
import { sendSupportRequest } from './api';
import { supportMessages as t } from './messages';
import { TicketDialog, type TicketFieldSpec } from './ticket-dialog';
import { useTicketForm, type TicketRequest } from './ticket-form';
import { PATHS } from '../../paths';

const FIELDS: readonly TicketFieldSpec[] = [
  { name: 'message', label: t.message, placeholder: t.messagePlaceholder, multiline: true, required: true },
  { name: 'contacts', label: t.contacts, placeholder: t.contactsPlaceholder, autoComplete: 'email' },
];

export interface SupportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injected in tests; POST /api/support otherwise. */
  send?: (request: TicketRequest) => Promise<string>;
  now?: () => Date;
}

/** The support messenger and mail (configuration), and the policy and rules in a new tab (spec §2). */
function SupportLinks() {
  const telegram = readSupportTelegram();
  const email = readSupportEmail();
  return (
    <>
      {telegram ? (
        <p>
          <a href={`https://t.me/${telegram}`} target="_blank" rel="noopener noreferrer">
            {t.telegram(telegram)}
          </a>
        </p>
      ) : null}
      {email ? (
        <p>
          <a href={`mailto:${email}`}>{t.email(email)}</a>
        </p>
      ) : null}
      <p>
        {t.consentBefore}
        <Link to={PATHS.policy} target="_blank" rel="noopener">
          {t.policy}
        </Link>
        {t.consentBetween}
        <Link to={PATHS.rules} target="_blank" rel="noopener">
          {t.rules}
        </Link>
        {t.consentAfter}
      </p>
    </>
  );
}

/** The unsent request is kept on the device under this key (ticket-form.ts). */
export const SUPPORT_STORAGE_KEY = 'support';

/**
 * The support dialog (spec §2): a menu item opens it, it is not a route. A half-written request survives closing
 * and reopening, a reload and a closed window: the device keeps it until it is sent.
 */
export function SupportDialog({ open, onOpenChange, send = sendSupportRequest, now }: SupportDialogProps) {
  const form = useTicketForm({
    validate: validateSupportForm,
    send,
    storageKey: SUPPORT_STORAGE_KEY,
    ...(now ? { now } : {}),
  });
  return (
    <TicketDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.title}
      intro={t.intro}
      fields={FIELDS}
      form={form}
      footer={<SupportLinks />}
      className="support-dialog"
    />
  );
}
