import { useId, type ReactNode } from 'react';
import { Button, Modal } from '@telegram-apps/telegram-ui';
import './dialog.css';

export interface DialogFrameProps {
  open: boolean;
  /** Escape, the backdrop, a swipe down and the close button all call it. */
  onClose: () => void;
  title: string;
  /** How wide it gets on a wide screen: 'narrow' 440 px (a confirmation), 'form' 500 px, 'wide' 800 px (a list). */
  width?: 'narrow' | 'form' | 'wide';
  /** Fullscreen on a phone and most of the screen's height elsewhere (a long list to choose from, spec §9). */
  tall?: boolean;
  /** A plain button beside the title that closes the dialog, with this label («Закрыть»). */
  closeLabel?: string;
  /** The content is one form: Enter in a field or a submit button in `actions` calls it. */
  onSubmit?: () => void;
  /** Above the scrolling content (a list's search box). */
  top?: ReactNode;
  /** The buttons at the bottom, outside the scrolling content; nothing leaves the bar out. */
  actions?: ReactNode;
  /** Classes of the dialog (its own look) and of its scrolling content. */
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}

/**
 * Every dialog of the app in the kit's Modal (a bottom sheet; focus trapped, Escape and the backdrop close it), drawn
 * once: the title (an h2 the dialog is labelled by) with an optional close button, the content that scrolls, and a
 * bar of buttons under it. It sits above the app's bars and drawer.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  width = 'form',
  tall = false,
  closeLabel,
  onSubmit,
  top,
  actions,
  className,
  contentClassName,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const body = (
    <>
      <div className="dialog__head">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {closeLabel ? (
          <Button type="button" size="s" mode="plain" onClick={onClose}>
            {closeLabel}
          </Button>
        ) : null}
      </div>
      {top}
      <div className={contentClassName ? `dialog__content ${contentClassName}` : 'dialog__content'}>{children}</div>
      {actions ? <div className="dialog__actions">{actions}</div> : null}
    </>
  );
  const classes = ['dialog', `dialog--${width}`, tall ? 'dialog--tall' : null, className].filter(Boolean).join(' ');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      className={classes}
      aria-labelledby={titleId}
      header={<Modal.Header />}
      overlayComponent={<Modal.Overlay className="dialog__overlay" />}
    >
      {onSubmit ? (
        <form
          className="dialog__frame"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {body}
        </form>
      ) : (
        <div className="dialog__frame">{body}</div>
      )}
    </Modal>
  );
}
