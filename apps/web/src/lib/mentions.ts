// "@Nome Completo" mentions, as the demand, task and chat composers offer and show them.
import { foldRole } from '@eproto/domain';

export type Segment = { text: string; mention: boolean };

/** Lower-case without accents, one output unit per input unit (indexes stay aligned). */
function foldUnits(text: string): string {
  let out = '';
  for (const unit of text.split('')) {
    const f = unit
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    out += f.length === 1 ? f : unit;
  }
  return out;
}

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
  const q = foldRole(typed);
  return people.filter((p) => {
    const words = foldRole(p.nome).split(' ');
    return words.some((_w, i) => words.slice(i).join(' ').startsWith(q));
  });
}

/**
 * Splits a message into plain text and "@Nome Completo" mentions of known people (accents and
 * case ignored), so mentions can be highlighted. Unknown "@words" stay plain text.
 */
export function mentionSegments(text: string, names: readonly string[]): Segment[] {
  if (names.length === 0) return [{ text, mention: false }];
  const folded = foldUnits(text);
  const sorted = [...new Set(names.map((n) => foldUnits(n.trim())))]
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  const out: Segment[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '@') {
      const name = sorted.find((n) => {
        if (!folded.startsWith(n, i + 1)) return false;
        const after = folded[i + 1 + n.length];
        return after === undefined || !/[\p{L}\p{N}_]/u.test(after);
      });
      if (name) {
        if (i > plainStart) out.push({ text: text.slice(plainStart, i), mention: false });
        out.push({ text: text.slice(i, i + 1 + name.length), mention: true });
        i += 1 + name.length;
        plainStart = i;
        continue;
      }
    }
    i += 1;
  }
  if (plainStart < text.length) out.push({ text: text.slice(plainStart), mention: false });
  return out;
}
