import { useNavigate, useParams } from 'react-router-dom';
import type { Prompt } from '@autoradar/contract';
import { MESSAGES, validatePromptForm, type FieldErrors } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { savePrompt, type PromptBody } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminCallView } from '../components/admin-call-view';
import { FormCard } from '../components/form-card';
import { FormTextField } from '../../../components/field/text-field';
import { describeOr } from '../../../api/action-errors';
import { usePartnerTitle } from '../hooks/use-partner-title';
import { useSaveForm } from '../../../api/use-save-form';
import { adminMessages } from '../messages';
import { nextPosition } from '../reorder';
import { pairKey, promptFamily, promptsFamily } from '../state';
import { pathTo, PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.prompts;

export interface PromptFields {
  key: string;
  title: string;
  text: string;
  /** As typed: digits only. */
  position: string;
}

/** The body of a prompt form; an empty position stays empty so the check can ask for it. */
export function toPromptBody(fields: PromptFields): PromptBody {
  const position = fields.position.trim();
  return {
    key: fields.key,
    title: fields.title,
    text: fields.text,
    position: position === '' ? null : Number(position),
  };
}

/**
 * The prompt form (spec §2, §5): key, title and text required (core validatePromptForm), and on this screen the
 * position too, so the admin always sees where the prompt goes.
 */
export function validatePromptFields(body: PromptBody): FieldErrors {
  const errors = { ...validatePromptForm(body).errors };
  if (body.position === null || body.position === undefined) errors['position'] = MESSAGES.required;
  return errors;
}

export interface PromptFormProps {
  partnerId: string;
  prompt: Prompt | null;
  /** A new prompt's position, after the last one. */
  defaultPosition?: number;
  save?: (partnerId: string, promptId: string | null, body: PromptBody) => Promise<Prompt>;
  onSaved: (prompt: Prompt) => void;
}

export function PromptForm({ partnerId, prompt, defaultPosition = 0, save = savePrompt, onSaved }: PromptFormProps) {
  const form = useSaveForm({
    initial: {
      key: prompt?.key ?? '',
      title: prompt?.title ?? '',
      text: prompt?.text ?? '',
      position: String(prompt?.position ?? defaultPosition),
    },
    toBody: toPromptBody,
    validate: validatePromptFields,
    save: (body: PromptBody) => save(partnerId, prompt ? String(prompt.id) : null, body),
    describeError: describeOr(MESSAGES.promptSaveFailed),
    onSaved,
  });
  return (
    <FormCard form={form}>
      <FormTextField form={form} name="key" label={t.key} required placeholder={t.keyPlaceholder} />
      <FormTextField form={form} name="title" label={t.titleField} required placeholder={t.titleField} />
      <FormTextField form={form} name="text" label={t.text} required rows={8} placeholder={t.text} />
      <FormTextField
        form={form}
        name="position"
        label={t.position}
        required
        inputMode="numeric"
        hint={t.positionHint}
        accept={(typed) => typed.replace(/\D/g, '')}
      />
    </FormCard>
  );
}

/** /partners/:id/prompts/create: the position after the last prompt is offered. */
export function PromptCreateScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const prompts = useCall(promptsFamily(id));
  const title = usePartnerTitle(id);
  const back = pathTo(PATHS.prompts, { id });
  return (
    <AdminPage title={t.createTitle} subtitle={title} back={back}>
      <AdminCallView state={prompts.state} retry={prompts.retry}>
        {(list) => (
          <PromptForm
            partnerId={id}
            prompt={null}
            defaultPosition={nextPosition(list)}
            onSaved={() => void navigate(back)}
          />
        )}
      </AdminCallView>
    </AdminPage>
  );
}

/** /partners/:id/prompts/:promptId */
export function PromptEditScreen() {
  const { id = '', promptId = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useCall(promptFamily(pairKey(id, promptId)));
  const title = usePartnerTitle(id);
  const back = pathTo(PATHS.prompts, { id });
  return (
    <AdminPage title={t.editTitle} subtitle={title} back={back}>
      <AdminCallView state={state} retry={retry}>
        {(prompt) => <PromptForm partnerId={id} prompt={prompt} onSaved={() => void navigate(back)} />}
      </AdminCallView>
    </AdminPage>
  );
}
