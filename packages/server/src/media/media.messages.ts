import { MESSAGES, formatNumber } from '@autoradar/core';

const MB = 1_048_576;

/** 10 МБ, 512 КБ: whole units, as a user reads a limit. */
function formatSize(bytes: number): string {
  return bytes >= MB
    ? `${formatNumber(Math.floor(bytes / MB))} МБ`
    : `${formatNumber(Math.max(1, Math.floor(bytes / 1024)))} КБ`;
}

// Upload texts of the API (the photo-type text is core's, shared with the client).
export const MEDIA_MESSAGES = {
  invalidType: MESSAGES.invalidPhotoType,
  empty: 'Файл пустой: выберите фотографию',
  tooLarge: (maxBytes: number) => `Файл слишком большой: не более ${formatSize(maxBytes)}`,
  tooManyPixels: 'Изображение слишком большое: не более 64 мегапикселей',
  corrupt: 'Файл повреждён или не является изображением',
} as const;
