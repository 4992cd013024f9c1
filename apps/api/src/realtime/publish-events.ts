// The product's four live events live in packages/server (the bot's own process sends them too); the API's broadcaster
// is one EventPublisher among others.
export {
  publishPostPublished,
  publishPostUnpublished,
  publishPostUpdated,
  publishUserUpdated,
  type EventPublisher,
} from '@autoradar/server/realtime/live-events';
