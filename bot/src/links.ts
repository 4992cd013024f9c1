// The links live in core (the notification worker builds the same ones); re-exported for the bot's features.
export {
  appLink,
  canUseWebApp,
  formatStartPayload,
  parseStartPayload,
  type LinkSettings,
  type StartPayload,
} from '@autoradar/core';
