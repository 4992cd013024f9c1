// Texts of the listing endpoints beyond core's MESSAGES (form rules, publish success, draft saved).
export const DRAFT_MESSAGES = {
  alreadyPublished: 'Этот черновик уже опубликован: откройте форму заново, чтобы подать новое объявление',
  brandNotFound: 'Марка не найдена',
  modelNotFound: 'Модель не найдена',
  modelOfOtherBrand: 'Модель не относится к выбранной марке',
  brandFirst: 'Сначала выберите марку',
  generationNotFound: 'Поколение не относится к выбранной модели',
  configurationNotFound: 'Комплектация не относится к выбранному поколению',
  tooManyPhotos: (max: number) => `Не более ${max} фотографий в объявлении`,
} as const;
