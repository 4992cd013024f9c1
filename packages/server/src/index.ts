// Server-only domain shared by the API and the bot's workers (DESIGN.md §1): import modules by path
// (`@autoradar/server/telegram-api`); this entry stays empty so nothing loads what it does not use.
export {};
