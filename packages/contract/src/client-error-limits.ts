// A browser's error report's bounds, without zod: the apps' entry imports them (issue 32).

/** The whole request is refused past this size (the route's body limit): a report is a message and a stack. */
export const CLIENT_ERROR_MAX_BYTES = 16_384;
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 1_000;
export const CLIENT_ERROR_STACK_MAX_LENGTH = 8_000;
