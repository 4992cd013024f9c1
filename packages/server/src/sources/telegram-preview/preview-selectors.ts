// Every place the reader looks in t.me's pages, in one table (STYLE.md, habit 13): when Telegram changes its markup,
// this is the file to change. The names follow the page as t.me serves it (`/s/<name>`, `?before=<id>`, and the
// `/<name>` page a channel without a preview redirects to), as RSSHub's telegram route reads it too.

export const PREVIEW_SELECTORS = {
  /** The channel's message list on /s/<name>; absent on every other page. */
  history: '.tgme_channel_history',
  /** The list's «No posts found» (past the channel's start). */
  noPosts: '.tme_no_messages_found',
  /** One post block; `data-post` is "<channel>/<message id>". */
  message: '.tgme_widget_message[data-post]',
  /** Class of a service block (channel created, photo changed, message pinned). */
  serviceClass: 'service_message',
  /** The block's bubble (a direct child), and in it the post's own text block, directly or inside the container
   * t.me wraps it in when the media cannot be shown; a reply's quoted text and a link card's text are deeper. */
  bubble: '.tgme_widget_message_bubble',
  text: '.tgme_widget_message_text',
  supportedContainer: '.media_supported_cont',
  /** The post's time: `<time datetime="2026-09-27T07:24:01+00:00">`. */
  date: '.tgme_widget_message_date time[datetime]',
  /** Holds the word «edited» before the date link when the post was edited. */
  meta: '.tgme_widget_message_meta',
  editedMark: 'edited',
  /** Photos and videos in the post's order; an album's parts each link to `<post url>?single`. */
  media: '.tgme_widget_message_photo_wrap, .tgme_widget_message_video_player',
  videoClass: 'tgme_widget_message_video_player',
  /** A video's poster, as a CSS background image. */
  videoThumb: '.tgme_widget_message_video_thumb',
  /** Media inside these belong to another message or a link card, not to the post. */
  foreignMedia: '.tgme_widget_message_reply, .tgme_widget_message_link_preview',
  /** «Forwarded from <name>»: a link to the original when it is public, a plain span when hidden. */
  forwardedName: '.tgme_widget_message_forwarded_from_name',
  /** Older posts exist: the head's rel=prev and the list's «more» link both point to ?before=<lowest id>. */
  olderLinks: 'link[rel="prev"], a.tme_messages_more[data-before]',
  channelTitle: '.tgme_channel_info_header_title',
  /** `<a href="https://t.me/<name>">@<name></a>` in the channel card. */
  channelUsername: '.tgme_channel_info_header_username a',
  /** The /<name> page: a title when the name belongs to someone, none when it is free. */
  pageTitle: '.tgme_page_title',
} as const;
