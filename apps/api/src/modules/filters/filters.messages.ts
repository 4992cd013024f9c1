// The saved-filter endpoints' texts beyond core's MESSAGES.
export const FILTERS_MESSAGES = {
  tooMany: (max: number) => `Можно сохранить не более ${max} фильтров: удалите ненужные`,
} as const;
