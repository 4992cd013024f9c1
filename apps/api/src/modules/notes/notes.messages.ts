// Texts of the favourites calls (issue 33) beyond core's FEED_MESSAGES.
export const NOTES_MESSAGES = {
  full: (max: number) => `В избранном уже ${max} объявлений: удалите какие-нибудь, чтобы добавить новые`,
} as const;
