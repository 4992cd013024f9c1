import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { describeApiMessage } from '../../../api/action-errors';
import { actionStatus, useAction } from '../../../api/use-action';
import { adminMessages as t } from '../messages';
import { AdminDialog } from './admin-dialog';

export interface DeleteControlProps {
  /** What is deleted, for the button's accessible name. */
  name: string;
  question: string;
  remove: () => Promise<void>;
  onDeleted: () => void;
  /** The failure text; by default the API's own message (a row in use says why it stays). */
  describeError?: (error: unknown) => string;
}

/** A delete button that asks first; a refusal is shown in the dialog in the API's words. */
export function DeleteControl({
  name,
  question,
  remove,
  onDeleted,
  describeError = describeApiMessage,
}: DeleteControlProps) {
  const [open, setOpen] = useState(false);
  const action = useAction(remove, describeError);
  return (
    <>
      <Button
        size="s"
        mode="plain"
        className="admin-button--danger-text"
        aria-label={`${t.delete}: ${name}`}
        onClick={() => {
          action.reset();
          setOpen(true);
        }}
      >
        {t.delete}
      </Button>
      {open ? (
        <AdminDialog
          kind="confirm"
          title={t.confirm.title}
          submitLabel={t.delete}
          {...actionStatus(action.state)}
          onClose={() => setOpen(false)}
          onSubmit={() => {
            void action.start().then((result) => {
              if (!result.ok) return;
              setOpen(false);
              onDeleted();
            });
          }}
        >
          <p className="dialog__text">{question}</p>
        </AdminDialog>
      ) : null}
    </>
  );
}
