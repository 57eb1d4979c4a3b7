/**
 * A small, safe reading of the markdown the assistant writes: paragraphs, "- " and "1. " lists,
 * "#" headings, **bold**, *italic*, `code` and [links](/path). It produces plain data that is
 * rendered as React elements (never as HTML), and keeps only app paths and http(s) links.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'bold'; children: Inline[] }
  | { type: 'italic'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; external: boolean; children: Inline[] };

export type Block =
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] };

const INLINE =
  /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)|`([^`\n]+)`|(?<![\w*])\*(?![\s*])([^*\n]+?)\*(?![\w*])|(?<![\w_])_(?![\s_])([^_\n]+?)_(?![\w_])/g;

/** "/eproto/murals/12" (not "//host") or an http(s) URL; anything else is not a link. */
export function safeHref(href: string): { href: string; external: boolean } | null {
  if (/^\/(?!\/)/.test(href)) return { href, external: false };
  if (/^https?:\/\/[^\s]+$/i.test(href)) return { href, external: true };
  return null;
}

/** Inline marks of one line. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const push = (t: string) => {
    if (!t) return;
    const prev = out[out.length - 1];
    if (prev?.type === 'text') prev.text += t;
    else out.push({ type: 'text', text: t });
  };
  for (const m of text.matchAll(INLINE)) {
    push(text.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[1] !== undefined) out.push({ type: 'bold', children: parseInline(m[1]) });
    else if (m[2] !== undefined) {
      const safe = safeHref(m[3]!);
      if (safe) out.push({ type: 'link', ...safe, children: parseInline(m[2]) });
      else push(m[2]);
    } else if (m[4] !== undefined) out.push({ type: 'code', text: m[4] });
    else out.push({ type: 'italic', children: parseInline(m[5] ?? m[6] ?? '') });
  }
  push(text.slice(last));
  return out;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

/** Blocks of a whole answer. */
export function parseRichText(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[][] | null = null;
  let list: Extract<Block, { type: 'list' }> | null = null;
  const close = () => {
    paragraph = null;
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (heading) {
      close();
      blocks.push({ type: 'heading', children: parseInline(heading[1]!) });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      const text = bullet ? bullet[1]! : numbered![2]!;
      if (!list || list.ordered !== ordered) {
        paragraph = null;
        list = { type: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
        blocks.push(list);
      }
      list.items.push(parseInline(text));
    } else if (list && /^\s{2,}/.test(raw)) {
      // An indented line continues the last item.
      const item = list.items[list.items.length - 1]!;
      item.push({ type: 'text', text: ' ' }, ...parseInline(line.trim()));
    } else {
      list = null;
      if (!paragraph) {
        paragraph = [];
        blocks.push({ type: 'paragraph', lines: paragraph });
      }
      paragraph.push(parseInline(line.trim()));
    }
  }
  return blocks;
}

/**
 * While an answer streams in, its last line may hold half a link or an open "**": show the link
 * text without its brackets (it becomes a link when the rest arrives) and close the bold.
 */
export function tidyPartial(text: string): string {
  let out = text.replace(/\[([^\]\n]*)(\]\([^)\n]*)?$/, '$1');
  const lastLine = out.slice(out.lastIndexOf('\n') + 1);
  if ((lastLine.match(/\*\*/g)?.length ?? 0) % 2 === 1) out += '**';
  return out;
}
