// Texts of the post card (spec §2 search screen); shared by the feed, favourites and anywhere a card is shown.
export const postCardMessages = {
  addFavourite: 'Добавить в избранное',
  removeFavourite: 'Убрать из избранного',
  isNew: 'Новое',
  isUpdated: 'Обновлено',
  noPrice: 'Цена не указана',
  noPhoto: 'Нет фото',
  mediaPosition: (index: number, total: number) => `Фото ${index} из ${total}`,
  yearSuffix: (year: number) => `${year} г.`,
} as const;
