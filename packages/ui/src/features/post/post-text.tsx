import { createElement, type ReactNode } from 'react';

// Listing text arrives as HTML, for aggregated listings from sources we do not control. It is never handed to
// innerHTML: the tags below become React elements, every other tag is dropped (its text kept), and text is
// rendered by React, which escapes it.
const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a']);
const VOID = new Set(['br']);
/** Their content is not text for a reader. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math']);
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:)/i;

interface ElementNode {
  tag: string;
  href?: string;
  children: Node[];
}
type Node = string | ElementNode;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function readHref(attributes: string): string | undefined {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const href = decodeEntities(match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  return SAFE_HREF.test(href) ? href : undefined;
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** Parses the allowed subset into a tree; unclosed tags close at the end, stray closing tags are ignored. */
export function parsePostHtml(html: string): Node[] {
  const root: ElementNode = { tag: '#root', children: [] };
  const stack: ElementNode[] = [root];
  let dropping: string | null = null;
  let last = 0;

  const pushText = (raw: string) => {
    if (dropping || raw === '') return;
    // Line breaks between block tags are source formatting, not text.
    if (/^\s*$/.test(raw) && raw.includes('\n')) return;
    stack[stack.length - 1]!.children.push(decodeEntities(raw));
  };

  for (const match of html.matchAll(TOKEN)) {
    pushText(html.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[0].startsWith('<!--')) continue;
    const closing = match[1] === '/';
    const tag = (match[2] ?? '').toLowerCase();

    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROPPED.has(tag)) {
      if (!closing && !match[0].endsWith('/>')) dropping = tag;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;

    if (closing) {
      const at = stack.findLastIndex((node) => node.tag === tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: ElementNode = { tag, children: [] };
    if (tag === 'a') {
      const href = readHref(match[3] ?? '');
      if (href) node.href = href;
    }
    stack[stack.length - 1]!.children.push(node);
    if (!VOID.has(tag)) stack.push(node);
  }
  pushText(html.slice(last));
  return root.children;
}

function toReact(nodes: Node[]): ReactNode[] {
  return nodes.map((node, key) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return createElement('br', { key });
    if (node.tag === 'a') {
      // A link without a safe address is only its text.
      if (!node.href) return createElement('span', { key }, ...toReact(node.children));
      return createElement(
        'a',
        { key, href: node.href, target: '_blank', rel: 'noopener noreferrer nofollow ugc' },
        ...toReact(node.children),
      );
    }
    return createElement(node.tag, { key }, ...toReact(node.children));
  });
}

/** The listing's text as React elements, with only the allowed tags kept. */
export function PostText({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{toReact(parsePostHtml(html))}</div>;
}
