import { INSPECTION_PRICE_FROM_RUB, formatPrice, validateInspectionForm } from '@autoradar/core';
import { TicketDialog, type TicketFieldSpec } from '../../../components/support-dialog/ticket-dialog';
import { useTicketForm, type TicketRequest } from '../../../components/support-dialog/ticket-form';
import { orderInspection } from '../api';
import { postActionMessages } from '../messages';

const t = postActionMessages.inspection;

const FIELDS: readonly TicketFieldSpec[] = [
  { name: 'contacts', label: t.contacts, placeholder: t.contactsPlaceholder, required: true, autoComplete: 'tel' },
  { name: 'message', label: t.comment, placeholder: t.commentPlaceholder, multiline: true },
];

export interface InspectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Injected in tests; POST /api/tickets otherwise. */
  send?: (request: TicketRequest) => Promise<string>;
}

/**
 * 'Заказать осмотр' (spec §2, §5): the contact is required, the comment has the 500 counter, the price «от 3 500 ₽»;
 * the same states as the support dialog. A half-typed order survives closing, a reload and a closed window (the device
 * keeps it until it is sent).
 */
export function InspectionDialog({ open, onOpenChange, send = orderInspection }: InspectionDialogProps) {
  const form = useTicketForm({ validate: validateInspectionForm, send, storageKey: 'inspection' });
  return (
    <TicketDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.title}
      intro={t.intro(formatPrice(INSPECTION_PRICE_FROM_RUB))}
      fields={FIELDS}
      form={form}
      className="inspection-dialog"
    />
  );
}
