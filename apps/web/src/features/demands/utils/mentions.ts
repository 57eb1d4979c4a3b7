import { fold } from './kanban-filters.ts';

/** The "@query" being typed just before the caret, or null. */
export function mentionQueryAt(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /\n/.test(query) || /\s{2}/.test(query)) return null;
  return { start: at, query };
}

/** People whose name, from any of its words on, starts with what was typed after "@". */
export function matchPeople<T extends { nome: string }>(people: readonly T[], typed: string): T[] {
  const q = fold(typed.trim());
  return people.filter((p) => {
    const words = fold(p.nome).split(/\s+/);
    return words.some((_w, i) => words.slice(i).join(' ').startsWith(q));
  });
}

export type Segment = { text: string; mention: boolean };

/** Splits a message into plain text and "@Nome" mentions of the given people (to highlight). */
export function mentionSegments(text: string, names: readonly string[]): Segment[] {
  const sorted = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
  const folded = fold(text);
  // fold() keeps one character per character for Portuguese text, so indexes stay aligned.
  if (sorted.length === 0 || folded.length !== text.length) return [{ text, mention: false }];
  const out: Segment[] = [];
  let plain = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '@') {
      const name = sorted.find((n) => {
        const f = fold(n);
        if (!folded.startsWith(f, i + 1)) return false;
        const after = folded[i + 1 + f.length];
        return after === undefined || !/[\p{L}\p{N}_]/u.test(after);
      });
      if (name) {
        if (i > plain) out.push({ text: text.slice(plain, i), mention: false });
        out.push({ text: text.slice(i, i + 1 + name.length), mention: true });
        i += 1 + name.length;
        plain = i;
        continue;
      }
    }
    i += 1;
  }
  if (plain < text.length) out.push({ text: text.slice(plain), mention: false });
  return out;
}
