import { useCallback, useId, useState } from 'react';
import { parseWithContract } from '@autoradar/contract/errors';
import type { FieldErrors } from '@autoradar/core';
import { fieldErrorsOf, firstErrors } from './action-errors';
import { useAction, type ActionState } from './use-action';

export interface SaveFormOptions<F, B, R> {
  initial: F;
  /** The request body the fields make. */
  toBody: (fields: F) => B;
  /** Checked before sending: the contract's own schema, so the form refuses what the API would, in its words. */
  schema?: Parameters<typeof parseWithContract>[0];
  /** Or a core rule's field errors. */
  validate?: (body: B) => FieldErrors;
  save: (body: B) => Promise<R>;
  describeError: (error: unknown) => string;
  onSaved: (saved: R) => void;
}

export interface SaveForm<F> {
  /** The form's own id (useId): its fields' ids start with it. */
  id: string;
  fields: F;
  /**
   * Typed as a method's (React's own "bivariance hack"), so a form of more fields passes where only some of them are
   * set (the reference dialog sets the synonyms of any reference form).
   */
  setField: { bivarianceHack<K extends keyof F>(name: K, value: F[K]): void }['bivarianceHack'];
  errors: FieldErrors;
  state: ActionState;
  submit: () => Promise<void>;
}

/**
 * A form that saves through the API: the fields as typed, the field errors (the form's own check first, then the
 * API's 422), and the text of a failed save. Editing a field clears its error.
 */
export function useSaveForm<F, B, R>(options: SaveFormOptions<F, B, R>): SaveForm<F> {
  const { initial, toBody, schema, validate, save, describeError, onSaved } = options;
  const id = useId();
  const [fields, setFieldsState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction(save, describeError);

  const setField = useCallback(<K extends keyof F>(name: K, value: F[K]) => {
    setFieldsState((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(String(name) in current)) return current;
      const { [String(name)]: _cleared, ...rest } = current;
      return rest;
    });
  }, []);

  const submit = async () => {
    const body = toBody(fields);
    const own = validate
      ? validate(body)
      : schema
        ? (() => {
            const parsed = parseWithContract(schema, body);
            return parsed.success ? {} : firstErrors(parsed.error.errors);
          })()
        : {};
    setErrors(own);
    if (Object.keys(own).length > 0) {
      action.reset();
      return;
    }
    const result = await action.start(body);
    if (result.ok) onSaved(result.value);
    else setErrors(fieldErrorsOf(result.error));
  };

  return { id, fields, setField, errors, state: action.state, submit };
}
