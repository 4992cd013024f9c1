import { CONTACT_TYPE_LABELS, type ContactType } from '@autoradar/core';
import { escapeHtml } from '../escape-html';
import { LISTINGS_MESSAGES } from './listings.messages';

// A listing's `text` is HTML (spec §3), built here for every listing whatever wrote it: a seller's description (the
// sell form) and a channel's post (ingestion) are plain text typed by a person, so every character is escaped and the
// only markup is ours: a paragraph per blank-line-separated block, a line break per line. Posts carry no contacts
// field, so an own listing's contacts go into the text: without them a buyer could not reach the seller.

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => escapeHtml(line.trimEnd()))
    .join('<br>');

export function buildListingText(
  description: string | null,
  contacts: readonly { type: ContactType; value: string }[] = [],
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
    paragraphs.push(`<p>${LISTINGS_MESSAGES.contactsHeading}<br>${rows.join('<br>')}</p>`);
  }
  return paragraphs.join('');
}
