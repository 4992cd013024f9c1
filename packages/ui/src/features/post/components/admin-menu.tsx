import { useState } from 'react';
import { Button, IconButton, Modal } from '@telegram-apps/telegram-ui';
import { ApiError } from '../../../api/api-error';
import { unpublishPost } from '../api';
import { postActionMessages } from '../messages';

const t = postActionMessages.admin;

type Step = 'menu' | 'confirm' | 'working';

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
  const [step, setStep] = useState<Step>('menu');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setStep('menu');
    setError(null);
  };

  const confirm = async () => {
    setStep('working');
    setError(null);
    try {
      await unpublish(postId);
      close();
      onUnpublished();
    } catch (failure) {
      setError((failure instanceof ApiError && failure.body?.message) || t.failed);
      setStep('confirm');
    }
  };

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
      <Modal
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        className="post-admin-sheet"
        aria-labelledby="post-admin-title"
        header={<Modal.Header />}
        overlayComponent={<Modal.Overlay className="post-admin-sheet__overlay" />}
      >
        <div className="post-admin-sheet__body">
          <h2 id="post-admin-title" className="post-admin-sheet__title">
            {step === 'menu' ? t.title : t.confirmTitle}
          </h2>
          {step === 'menu' ? (
            <Button
              size="l"
              mode="bezeled"
              stretched
              className="post-admin-sheet__danger"
              onClick={() => setStep('confirm')}
            >
              {t.unpublish}
            </Button>
          ) : (
            <>
              <p className="post-admin-sheet__text">{t.confirmText}</p>
              {error ? (
                <p className="post-admin-sheet__error" role="alert">
                  {error}
                </p>
              ) : null}
              <div className="post-admin-sheet__buttons">
                <Button size="l" mode="bezeled" stretched onClick={close}>
                  {t.cancel}
                </Button>
                <Button
                  size="l"
                  stretched
                  className="post-admin-sheet__confirm"
                  loading={step === 'working'}
                  disabled={step === 'working'}
                  onClick={() => void confirm()}
                >
                  {t.confirm}
                </Button>
              </div>
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
