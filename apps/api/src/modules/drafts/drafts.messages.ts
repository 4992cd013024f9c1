// Texts of the listing endpoints beyond core's MESSAGES; the catalog checks speak with REFERENCE_MESSAGES.
export const DRAFTS_MESSAGES = {
  alreadyPublished: 'Этот черновик уже опубликован: откройте форму заново, чтобы подать новое объявление',
  brandFirst: 'Сначала выберите марку',
  tooManyPhotos: (max: number) => `Не более ${max} фотографий в объявлении`,
} as const;
