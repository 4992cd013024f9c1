import type { ReactNode } from 'react';
import type { parseWithContract } from '@autoradar/contract';
import { describeApiMessage } from '../../../api/action-errors';
import { actionStatus } from '../../../api/use-action';
import { useSaveForm, type SaveForm } from '../../../api/use-save-form';
import { adminMessages as t } from '../messages';
import { AdminDialog } from './admin-dialog';
import { addSynonym, SynonymsInput } from './synonyms-input';

type ReferenceRow = { id: number; synonyms: string[] };

/** What every reference form holds besides its own fields: the synonyms, and the one still being typed. */
export interface SynonymFields {
  synonyms: string[];
  synonymDraft: string;
}

/** How a reference list opens a row's form (ReferenceList's `form`). */
export interface ReferenceFormProps<R> {
  /** The row being edited; null creates one. */
  row: R | null;
  onSaved: (row: R) => void;
  onClose: () => void;
}

export interface ReferenceFormOptions<R, F, O> {
  /** The form's own fields of the row (or of a new one). */
  fields: F;
  /** The request body of the own fields; the synonyms are added to it. */
  toBody: (fields: F) => O;
  /** The contract's request schema: the form refuses what the API would, in its words. */
  schema: Parameters<typeof parseWithContract>[0];
  save: (id: number | null, body: O & { synonyms: string[] }) => Promise<R>;
}

/**
 * A reference row's form (brand, model, city): its fields and synonyms, checked by the contract's schema before
 * sending, the API's field errors under the fields, and the API's message when the save fails otherwise. A synonym
 * still being typed is saved with the others, so nothing typed is lost.
 */
export function useReferenceForm<R extends ReferenceRow, F, O>(
  { row, onSaved }: ReferenceFormProps<R>,
  { fields, toBody, schema, save }: ReferenceFormOptions<R, F, O>,
): SaveForm<F & SynonymFields> {
  return useSaveForm({
    initial: { ...fields, synonyms: row?.synonyms ?? [], synonymDraft: '' },
    toBody: (all: F & SynonymFields) => ({ ...toBody(all), synonyms: addSynonym(all.synonyms, all.synonymDraft) }),
    schema,
    save: (body: O & { synonyms: string[] }) => save(row?.id ?? null, body),
    describeError: describeApiMessage,
    onSaved,
  });
}

export interface ReferenceFormDialogProps extends Pick<ReferenceFormProps<unknown>, 'row' | 'onClose'> {
  /** The form of useReferenceForm (any reference's fields: only the synonyms are read here). */
  form: SaveForm<SynonymFields>;
  /** The dialog's title for a new row and for a stored one. */
  texts: { createTitle: string; editTitle: string };
  /** The row's own fields. */
  children: ReactNode;
}

/** The reference form in a dialog: the row's own fields, then its synonyms, cancel and save. */
export function ReferenceFormDialog({ form, row, texts, onClose, children }: ReferenceFormDialogProps) {
  return (
    <AdminDialog
      title={row ? texts.editTitle : texts.createTitle}
      submitLabel={t.save}
      {...actionStatus(form.state)}
      onSubmit={() => void form.submit()}
      onClose={onClose}
    >
      {children}
      <SynonymsInput
        id={`${form.id}-synonyms`}
        synonyms={form.fields.synonyms}
        draft={form.fields.synonymDraft}
        error={form.errors['synonyms']}
        onChange={(list, draft) => {
          form.setField('synonyms', list);
          form.setField('synonymDraft', draft);
        }}
      />
    </AdminDialog>
  );
}
