// The reference endpoints' texts (brands, models, generations, configurations, cities; a configuration is a body
// type, «Кузов» as the listing form calls it); listings check their catalog
// selection with the same words.
export const REFERENCE_MESSAGES = {
  brandNotFound: 'Марка не найдена',
  modelNotFound: 'Модель не найдена',
  generationNotFound: 'Поколение не найдено',
  configurationNotFound: 'Кузов не найден',
  cityNotFound: 'Город не найден',
  modelOfOtherBrand: 'Модель не относится к выбранной марке',
  generationOfOtherModel: 'Поколение не относится к выбранной модели',
  configurationOfOtherModel: 'Кузов не относится к выбранной модели',
  configurationOfOtherGeneration: 'Кузов не относится к выбранному поколению',
  brandExists: 'Марка с таким названием уже есть',
  modelExists: 'У этой марки уже есть модель с таким названием',
  cityExists: 'Такой город в этом регионе уже есть',
  brandInUse: 'Марку нельзя удалить: она указана в объявлениях',
  modelInUse: 'Модель нельзя удалить: она указана в объявлениях',
  cityInUse: 'Город нельзя удалить: он указан в объявлениях',
} as const;
