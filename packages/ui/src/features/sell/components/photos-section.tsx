import { useState } from 'react';
import { Button, FileInput, Progress } from '@telegram-apps/telegram-ui';
import { MESSAGES, PHOTO_MIME_TYPES } from '@autoradar/core';
import { FieldNote } from '../../../components/field/field';
import type { MediaItem } from '../listing-form';
import type { UploadItem } from '../hooks/use-uploads';
import { sellMessages as t } from '../messages';
import { Badge } from '../../../components/badge/badge';

export interface PhotosSectionProps {
  media: MediaItem[];
  uploads: UploadItem[];
  /** Draft photos still shown as their upload item (they join the grid when it leaves). */
  hiddenMedia: ReadonlySet<number>;
  onPick: (files: File[]) => void;
  onRemove: (id: number) => void;
  onMakeMain: (id: number) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  /** No server draft (offline): photos can be looked at but not changed. */
  disabled?: boolean;
}

/** The draft's photos (main first marked) and the uploads under way; several files can be picked at once. */
export function PhotosSection({
  media,
  uploads,
  hiddenMedia,
  onPick,
  onRemove,
  onMakeMain,
  onRetry,
  onDismiss,
  disabled = false,
}: PhotosSectionProps) {
  const shown = media.filter((m) => !hiddenMedia.has(m.id));
  return (
    <div className="sell-photos">
      {shown.length > 0 || uploads.length > 0 ? (
        <ul className="sell-photos__grid">
          {shown.map((m) => (
            <li key={m.id} className={m.main ? 'sell-photo sell-photo--main' : 'sell-photo'}>
              <div className="sell-photo__frame">
                <img className="sell-photo__image" src={m.src} alt={t.photoAlt(media.indexOf(m) + 1)} />
                {m.main ? <Badge className="sell-photo__badge">{t.mainPhoto}</Badge> : null}
              </div>
              <div className="sell-photo__actions">
                {m.main ? null : (
                  <Button mode="plain" size="s" disabled={disabled} onClick={() => onMakeMain(m.id)}>
                    {t.makeMain}
                  </Button>
                )}
                <Button
                  mode="plain"
                  size="s"
                  className="sell-photo__remove"
                  disabled={disabled}
                  aria-label={`${t.removePhoto}: ${t.photoAlt(media.indexOf(m) + 1)}`}
                  onClick={() => onRemove(m.id)}
                >
                  {t.removePhoto}
                </Button>
              </div>
            </li>
          ))}
          {uploads.map((item) => (
            <UploadTile key={item.key} item={item} onRetry={onRetry} onDismiss={onDismiss} />
          ))}
        </ul>
      ) : null}
      <FileInput
        className="sell-photos__add"
        label={t.addPhotos}
        accept={PHOTO_MIME_TYPES.join(',')}
        multiple
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = ''; // the same file can be picked again after a failure
          if (files.length > 0) onPick(files);
        }}
      />
      <FieldNote className="sell-photos__hint">{t.photosHint}</FieldNote>
    </div>
  );
}

export interface UploadTileProps {
  item: UploadItem;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
}

/** One upload (spec §4): a progress bar while it goes, 'Загружено' when done, 'Ошибка' with a retry on failure. */
export function UploadTile({ item, onRetry, onDismiss }: UploadTileProps) {
  const [previewFailed, setPreviewFailed] = useState(false);
  return (
    <li className={`sell-photo sell-upload sell-upload--${item.state}`} data-upload-state={item.state}>
      <div className="sell-photo__frame">
        {item.preview && !previewFailed ? (
          <img
            className="sell-photo__image"
            src={item.preview}
            alt={item.name}
            onError={() => setPreviewFailed(true)}
          />
        ) : (
          <span className="sell-upload__name">{item.name}</span>
        )}
      </div>
      <div className="sell-upload__status">
        {item.state === 'uploading' ? (
          <>
            <Progress value={item.progress} aria-label={t.uploadProgress(item.name)} />
            <span className="sell-upload__label">{t.uploading(item.progress)}</span>
          </>
        ) : item.state === 'done' ? (
          <span className="sell-upload__label sell-upload__label--done" role="status">
            {t.uploaded}
          </span>
        ) : (
          <>
            <span className="sell-upload__label sell-upload__label--error" role="alert">
              {MESSAGES.uploadFailed}
            </span>
            <span className="sell-upload__reason">{item.reason}</span>
            <span className="sell-upload__buttons">
              {item.retryable ? (
                <Button mode="plain" size="s" onClick={() => onRetry(item.key)}>
                  {t.retry}
                </Button>
              ) : null}
              <Button mode="plain" size="s" onClick={() => onDismiss(item.key)}>
                {t.dismissUpload}
              </Button>
            </span>
          </>
        )}
      </div>
    </li>
  );
}
