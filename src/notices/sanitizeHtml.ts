const ALLOWED_TAGS = new Set([
  'A',
  'B',
  'BLOCKQUOTE',
  'BR',
  'CODE',
  'DIV',
  'EM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HR',
  'I',
  'IMG',
  'LI',
  'OL',
  'P',
  'PRE',
  'S',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TR',
  'U',
  'UL',
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height']);
/** what a link or an image may point at: this site, http(s), mail; never javascript: or data: documents */
const SAFE_URL = /^(?:https?:|mailto:|\/|#|data:image\/(?:png|jpe?g|gif|webp);)/i;

/**
 * Rich text from an announcement (richText fields are sanitised when rendered, docs/model-format.md):
 * an allow-list of tags and attributes over the browser's own parser (an inert document: nothing in it
 * runs or loads). Unknown elements keep their text; scripts, styles, handlers and unsafe URLs go.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}

function clean(node: Element): void {
  for (const child of [...node.children]) {
    if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE' || child.tagName === 'IFRAME' || child.tagName === 'OBJECT' || child.tagName === 'EMBED') {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const keep = ALLOWED_ATTRIBUTES.has(name) && (name !== 'href' && name !== 'src' ? true : SAFE_URL.test(attribute.value.trim()));
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}
