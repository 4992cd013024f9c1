import { useLayoutEffect, useRef, type ComponentType } from 'react';
import type { Draft, User } from '@autoradar/contract';
import { isProActive } from '@autoradar/core';
import { useEditingGuard } from '../../../platform-hooks';
import { useListingDraft } from '../hooks/use-listing-draft';
import { usePublishFlow } from '../hooks/use-publish-flow';
import { useShownErrors } from '../hooks/use-shown-errors';
import { useUploads, type UploadFn } from '../hooks/use-uploads';
import type { MediaItem } from '../listing-form';
import { useCarNames } from './car-pickers';
import { EditorActions } from './editor-actions';
import { ListingSections } from './listing-sections';
import { PublishAction, type PrimaryActionProps } from './publish-action';

export interface ListingEditorProps {
  /** The server's draft; null runs the form on the device's copy alone (no connection). */
  draft: Draft | null;
  user: User;
  /** The photo transport (XMLHttpRequest by default). */
  upload?: UploadFn;
  /** Renders the primary action; issue 13 passes Telegram's main button here. */
  PrimaryAction?: ComponentType<PrimaryActionProps>;
}

/**
 * The new-listing form (spec §2 /new): the draft and its saving (useListingDraft), the photos' uploads, the errors
 * shown, the five sections and the buttons under them, put together.
 */
export function ListingEditor({ draft, user, upload, PrimaryAction = PublishAction }: ListingEditorProps) {
  const addMediaRef = useRef<(media: MediaItem) => void>(() => undefined);
  const uploads = useUploads({
    draftId: draft?.id ?? null,
    onUploaded: (media) => addMediaRef.current(media),
    ...(upload ? { upload } : {}),
  });
  const editor = useListingDraft({ draft, userId: user.id, holdMedia: uploads.busy });
  useLayoutEffect(() => {
    addMediaRef.current = editor.addMedia;
  }, [editor.addMedia]);
  // Telegram asks before closing (and a swipe does not close) while input is not yet saved (issue 13).
  useEditingGuard(['pending', 'saving', 'offline', 'failed'].includes(editor.status.kind));

  const now = new Date();
  const isPro = isProActive(user, now);
  const errors = useShownErrors(editor.form, editor.serverErrors, now);
  const flow = usePublishFlow(editor, isPro);
  const names = useCarNames(editor.form);
  const canPublish = !errors.hasProblems && editor.connected && !uploads.busy && flow.acting === null;

  return (
    <form
      className="sell-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canPublish) flow.publish();
      }}
    >
      <ListingSections editor={editor} uploads={uploads} errors={errors} names={names} disabled={!editor.connected} />
      <EditorActions
        flow={flow}
        errors={errors}
        canPublish={canPublish}
        isPro={isPro}
        uploading={uploads.busy}
        connected={editor.connected}
        status={editor.status}
        PrimaryAction={PrimaryAction}
      />
    </form>
  );
}
