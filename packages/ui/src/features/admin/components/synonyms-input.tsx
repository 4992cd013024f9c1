import { Button, Input } from '@telegram-apps/telegram-ui';
import { adminMessages as t } from '../messages';
import { Field, fieldAria } from '../../../components/field/field';

export interface SynonymsInputProps {
  id: string;
  synonyms: readonly string[];
  /** The synonym being typed; it is saved with the others even without Enter. */
  draft: string;
  onChange: (synonyms: string[], draft: string) => void;
  error?: string | undefined;
}

/** The list a synonym draft adds to: trimmed, each once, blank ones ignored. */
export function addSynonym(synonyms: readonly string[], draft: string): string[] {
  const text = draft.trim();
  if (text === '' || synonyms.some((s) => s.toLowerCase() === text.toLowerCase())) return [...synonyms];
  return [...synonyms, text];
}

/** Synonyms as removable chips and an input that adds one on Enter or with the button. */
export function SynonymsInput({ id, synonyms, draft, onChange, error }: SynonymsInputProps) {
  const add = () => onChange(addSynonym(synonyms, draft), '');
  return (
    <Field id={id} label={t.synonyms.label} error={error}>
      {synonyms.length > 0 ? (
        <ul className="admin-chips" aria-label={t.synonyms.label}>
          {synonyms.map((synonym) => (
            <li key={synonym} className="admin-chip">
              <span>{synonym}</span>
              <button
                type="button"
                className="admin-chip__remove"
                aria-label={t.synonyms.remove(synonym)}
                onClick={() =>
                  onChange(
                    synonyms.filter((s) => s !== synonym),
                    draft,
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field__row">
        <div className="field__grow">
          <Input
            {...fieldAria(id, error)}
            value={draft}
            placeholder={t.synonyms.placeholder}
            onChange={(event) => onChange([...synonyms], event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ',') {
                event.preventDefault();
                add();
              }
            }}
          />
        </div>
        <Button type="button" size="s" mode="bezeled" onClick={add} disabled={draft.trim() === ''}>
          {t.synonyms.add}
        </Button>
      </div>
    </Field>
  );
}
