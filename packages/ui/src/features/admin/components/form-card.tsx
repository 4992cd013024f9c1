import type { ReactNode } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { actionStatus, type ActionState } from '../../../api/use-action';
import { adminMessages as t } from '../messages';
import { Alert } from '../../../components/alert';

export interface FormCardProps {
  /** The form's save (useSaveForm): sent on submit, its state shown. */
  form: { state: ActionState; submit: () => Promise<void> };
  /** Extra classes of the card. */
  className?: string;
  /** Whether the card ends with its own «Сохранить»; a form whose button sits in a field's line leaves it out. */
  saveButton?: boolean;
  children: ReactNode;
}

/**
 * A form on a page of its own (partner, key prompt, new order), drawn as a card: the fields, the reason a save failed,
 * then «Сохранить».
 */
export function FormCard({ form, className, saveButton = true, children }: FormCardProps) {
  const { pending, error } = actionStatus(form.state);
  return (
    <form
      className={className ? `admin-form admin-form-card ${className}` : 'admin-form admin-form-card'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {children}
      <Alert message={error} />
      {saveButton ? (
        <div className="admin-form__buttons">
          <Button type="submit" size="l" loading={pending} disabled={pending}>
            {t.save}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
