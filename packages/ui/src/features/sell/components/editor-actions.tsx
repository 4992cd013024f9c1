import type { ComponentType } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { FieldNote } from '../../../components/field/field';
import type { SaveStatus } from '../hooks/use-listing-draft';
import type { PublishFlow } from '../hooks/use-publish-flow';
import type { ShownErrors } from '../hooks/use-shown-errors';
import { sellMessages as t } from '../messages';
import type { PrimaryActionProps } from './publish-action';

/** What the line under the buttons says about the draft's saving. */
function statusText(status: SaveStatus): { text: string; tone: 'hint' | 'error' } | null {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'pending':
      return { text: t.autosave.local, tone: 'hint' };
    case 'saving':
      return { text: t.autosave.saving, tone: 'hint' };
    case 'saved':
      return { text: status.message, tone: 'hint' };
    case 'offline':
      return { text: t.autosave.offline, tone: 'hint' };
    case 'failed':
      return { text: status.message, tone: 'error' };
  }
}

export interface EditorActionsProps {
  flow: PublishFlow;
  errors: Pick<ShownErrors, 'missing' | 'otherErrors'>;
  canPublish: boolean;
  isPro: boolean;
  uploading: boolean;
  connected: boolean;
  status: SaveStatus;
  PrimaryAction: ComponentType<PrimaryActionProps>;
}

/**
 * Under the form: the last action's notice, publish (with why it cannot be pressed yet), save, and the autosave's
 * line.
 */
export function EditorActions({
  flow,
  errors: { missing, otherErrors },
  canPublish,
  isPro,
  uploading,
  connected,
  status,
  PrimaryAction,
}: EditorActionsProps) {
  const { notice, acting } = flow;
  const autosave = statusText(status);
  return (
    <div className="sell-actions">
      {notice ? (
        <p className={`sell-notice sell-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      ) : null}
      <PrimaryAction
        label={acting === 'publish' ? t.publishing : t.publish}
        disabled={!canPublish}
        loading={acting === 'publish'}
        onAction={flow.publish}
      />
      {!isPro ? <FieldNote className="sell-actions__note">{t.proNote}</FieldNote> : null}
      {uploading ? <FieldNote className="sell-actions__note">{t.waitForUploads}</FieldNote> : null}
      {!canPublish && !uploading && connected && (missing.length > 0 || otherErrors) ? (
        <FieldNote className="sell-actions__note">
          {missing.length > 0 ? `${t.missingIntro} ${missing.join(', ')}.` : null}
          {missing.length > 0 && otherErrors ? ' ' : null}
          {otherErrors ? t.fixErrors : null}
        </FieldNote>
      ) : null}
      <Button
        mode="bezeled"
        size="m"
        stretched
        disabled={!connected || acting !== null}
        loading={acting === 'save'}
        onClick={flow.save}
      >
        {t.saveDraft}
      </Button>
      {autosave ? (
        <p className={`sell-autosave sell-autosave--${autosave.tone}`} aria-live="polite">
          {autosave.text}
        </p>
      ) : null}
    </div>
  );
}
