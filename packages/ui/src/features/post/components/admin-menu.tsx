import { useState } from 'react';
import { Button, IconButton } from '@telegram-apps/telegram-ui';
import { ApiError } from '../../../api/api-error';
import { actionStatus, useAction } from '../../../api/use-action';
import { Alert } from '../../../components/alert';
import { ActionButtons } from '../../../components/dialog/action-dialog';
import { DialogFrame } from '../../../components/dialog/dialog-frame';
import { unpublishPost } from '../api';
import { postActionMessages } from '../messages';

const t = postActionMessages.admin;

/** The API's own reason (a listing already taken off), else «Не удалось снять объявление с публикации». */
const describeRefusal = (failure: unknown) => (failure instanceof ApiError && failure.body?.message) || t.failed;

function MoreIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="19" r="2" fill="currentColor" />
    </svg>
  );
}

export interface AdminMenuProps {
  postId: number;
  /** Called once the API has taken the listing off the feed. */
  onUnpublished: () => void;
  unpublish?: (id: number) => Promise<void>;
}

/** The admins' menu of the listing page (spec §2, §6): 'Снять с публикации', confirmed first. */
export function AdminMenu({ postId, onUnpublished, unpublish = unpublishPost }: AdminMenuProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const action = useAction(() => unpublish(postId), describeRefusal);

  const close = () => {
    setOpen(false);
    setConfirming(false);
    action.reset();
  };

  const confirm = async () => {
    const result = await action.start();
    if (!result.ok) return;
    close();
    onUnpublished();
  };

  const { pending, error } = actionStatus(action.state);
  return (
    <>
      <IconButton
        type="button"
        size="m"
        mode="plain"
        aria-label={t.open}
        title={t.open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MoreIcon />
      </IconButton>
      <DialogFrame
        open={open}
        onClose={close}
        title={confirming ? t.confirmTitle : t.title}
        className="post-admin-sheet"
        {...(confirming
          ? {
              onSubmit: () => void confirm(),
              actions: (
                <ActionButtons
                  submitLabel={t.confirm}
                  cancelLabel={t.cancel}
                  onCancel={close}
                  pending={pending}
                  danger
                />
              ),
            }
          : {})}
      >
        {confirming ? (
          <>
            <p className="dialog__text post-admin-sheet__text">{t.confirmText}</p>
            <Alert message={error} />
          </>
        ) : (
          <Button
            size="l"
            mode="bezeled"
            stretched
            className="post-admin-sheet__danger"
            onClick={() => setConfirming(true)}
          >
            {t.unpublish}
          </Button>
        )}
      </DialogFrame>
    </>
  );
}
