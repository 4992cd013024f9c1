// The one HTML escape of the server side (issue 27): listing text, server-rendered pages and Telegram's HTML parse mode
// (which reads the numeric entity `&#39;` as well as the four named ones).

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an element's content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
