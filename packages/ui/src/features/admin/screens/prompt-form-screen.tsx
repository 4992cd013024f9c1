import { useId } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Input, Textarea } from '@telegram-apps/telegram-ui';
import type { Prompt } from '@autoradar/contract';
import { MESSAGES, validatePromptForm, type FieldErrors } from '@autoradar/core';
import { useCall } from '../../../api/use-call';
import { savePrompt, type PromptBody } from '../api';
import { AdminPage } from '../components/admin-page';
import { CallView } from '../components/call-view';
import { Field, fieldAria } from '../components/field';
import { describeOr } from '../errors';
import { usePartnerTitle } from '../hooks/use-partner-title';
import { useSaveForm } from '../hooks/use-save-form';
import { adminMessages } from '../messages';
import { nextPosition } from '../reorder';
import { pairKey, promptFamily, promptsFamily } from '../state';
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
  const id = useId();
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
  const { fields, errors, setField } = form;
  const pending = form.state.kind === 'pending';
  const text = (name: 'key' | 'title', label: string, placeholder?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input
        {...fieldAria(`${id}-${name}`, errors[name])}
        aria-required
        name={name}
        value={fields[name]}
        placeholder={placeholder ?? label}
        onChange={(event) => setField(name, event.target.value)}
      />
    </Field>
  );

  return (
    <form
      className="admin-form admin-form-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {text('key', t.key, t.keyPlaceholder)}
      {text('title', t.titleField)}
      <Field id={`${id}-text`} label={t.text} error={errors['text']}>
        <Textarea
          {...fieldAria(`${id}-text`, errors['text'])}
          aria-required
          name="text"
          rows={8}
          value={fields.text}
          placeholder={t.text}
          onChange={(event) => setField('text', event.target.value)}
        />
      </Field>
      <Field id={`${id}-position`} label={t.position} error={errors['position']} hint={t.positionHint}>
        <Input
          {...fieldAria(`${id}-position`, errors['position'], true)}
          aria-required
          name="position"
          inputMode="numeric"
          value={fields.position}
          onChange={(event) => setField('position', event.target.value.replace(/\D/g, ''))}
        />
      </Field>
      {form.state.kind === 'failed' ? (
        <p className="admin-alert" role="alert">
          {form.state.message}
        </p>
      ) : null}
      <div className="admin-form__buttons">
        <Button type="submit" size="l" loading={pending} disabled={pending}>
          {adminMessages.save}
        </Button>
      </div>
    </form>
  );
}

/** /partners/:id/prompts/create: the position after the last prompt is offered. */
export function PromptCreateScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const prompts = useCall(promptsFamily(id));
  const title = usePartnerTitle(id);
  const back = `/partners/${id}/prompts`;
  return (
    <AdminPage title={t.createTitle} subtitle={title} back={back}>
      <CallView state={prompts.state} retry={prompts.retry}>
        {(list) => (
          <PromptForm
            partnerId={id}
            prompt={null}
            defaultPosition={nextPosition(list)}
            onSaved={() => void navigate(back)}
          />
        )}
      </CallView>
    </AdminPage>
  );
}

/** /partners/:id/prompts/:promptId */
export function PromptEditScreen() {
  const { id = '', promptId = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useCall(promptFamily(pairKey(id, promptId)));
  const title = usePartnerTitle(id);
  const back = `/partners/${id}/prompts`;
  return (
    <AdminPage title={t.editTitle} subtitle={title} back={back}>
      <CallView state={state} retry={retry}>
        {(prompt) => <PromptForm partnerId={id} prompt={prompt} onSaved={() => void navigate(back)} />}
      </CallView>
    </AdminPage>
  );
}
