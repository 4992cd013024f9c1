// The search screen's state (spec §2-§4), one file per job: the feed and its pages, the layout toggle, the dialogs'
// selections, and the saved filters.
export * from './feed-state';
export * from './layout-state';
export * from './saved-filter-state';
export * from './selection-state';
