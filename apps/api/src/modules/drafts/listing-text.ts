import { CONTACT_TYPE_LABELS, type ContactType } from '@autoradar/core';
import { escapeHtml } from '../../plugins/spa';
import { DRAFTS_MESSAGES } from './drafts.messages';

// A published listing's `text` is HTML (spec §3). The seller's description and contacts are plain text typed by a
// user, so every character is escaped; the only markup is ours. Posts carry no contacts field, so the contacts go
// into the text: without them a buyer could not reach the seller.

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => escapeHtml(line.trimEnd()))
    .join('<br>');

export function renderListingText(
  description: string | null,
  contacts: readonly { type: ContactType; value: string }[],
): string {
  const paragraphs = (description ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${lines(p)}</p>`);
  const filled = contacts.filter((c) => c.value.trim() !== '');
  if (filled.length > 0) {
    const rows = filled.map((c) => `${CONTACT_TYPE_LABELS[c.type]}: ${escapeHtml(c.value.trim())}`);
    paragraphs.push(`<p>${DRAFTS_MESSAGES.contactsHeading}<br>${rows.join('<br>')}</p>`);
  }
  return paragraphs.join('');
}
