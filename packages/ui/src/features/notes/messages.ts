// Russian texts of the favourites screen (spec §2); the empty state is core's MESSAGES.noNotes.
export const notesMessages = {
  documentTitle: (appName: string) => `Избранное — ${appName}`,
  heading: 'Избранное',
  loading: 'Загружаем избранное…',
  retry: 'Повторить',
  toSearch: 'Перейти к поиску',
  changeSinceAdded: (change: string) => `${change} с добавления в избранное`,
} as const;
