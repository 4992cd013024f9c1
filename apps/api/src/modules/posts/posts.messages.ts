// Texts of the feed endpoints and the listing page beyond core's FEED_MESSAGES.
export const POSTS_MESSAGES = {
  /** The link preview's title of a listing the visitor may not see yet. */
  delayedPageTitle: 'Объявление',
  year: (year: number) => `${year} г.`,
  mileage: (km: string) => `пробег ${km} км`,
} as const;
