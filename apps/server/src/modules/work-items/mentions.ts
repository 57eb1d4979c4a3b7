import { foldText } from '@eproto/domain';

interface Named {
  id: number;
  nome: string;
}

/**
 * Ids of the people written as "@Nome Completo" in a text (accents and case ignored). The
 * longest names are tried first so "@Ana Souza" is not also read as "@Ana". A name must end
 * at a non-letter character or at the end of the text. `rest` receives the text with every
 * match blanked out.
 */
export function findMentions(
  texto: string,
  people: readonly Named[],
  rest?: (text: string) => void,
): number[] {
  let text = foldText(texto);
  const found: number[] = [];
  const byLength = [...people].sort((a, b) => b.nome.length - a.nome.length);
  for (const p of byLength) {
    const needle = `@${foldText(p.nome).trim()}`;
    if (needle.length < 2) continue;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at < 0) break;
      const next = text.charAt(at + needle.length);
      if (next === '' || !/[a-z0-9]/.test(next)) {
        found.push(p.id);
        // Blank the match so a shorter name inside it is not found again.
        text = text.slice(0, at) + ' '.repeat(needle.length) + text.slice(at + needle.length);
        break;
      }
      from = at + 1;
    }
  }
  rest?.(text);
  return found;
}

/** The single person among `people` whose first name is `word` (folded), or undefined. */
function onlyByFirstName<T extends Named>(people: readonly T[], word: string): T | undefined {
  const hits = people.filter((p) => foldText(p.nome).trim().split(/\s+/)[0] === word);
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * Who a message mentions, by the one rule every work item follows: "@Nome Completo" of anyone,
 * or "@Primeiro" when only one person has that first name (among those who see the item first,
 * then among everyone). Ids picked in the composer count too. `notified` are those who see the
 * item; `outside` are people written with "@" who do not, and so are not told.
 */
export function resolveMentions<T extends Named>(input: {
  texto: string;
  picked: readonly number[];
  authorId: number;
  mentionables: readonly T[];
  everyone: readonly T[];
}): { notified: number[]; outside: T[] } {
  const { mentionables, everyone } = input;
  const inside = new Set(mentionables.map((p) => p.id));
  const others = everyone.filter((p) => !inside.has(p.id));
  let rest = '';
  const named = findMentions(input.texto, [...mentionables, ...others], (t) => (rest = t));
  for (const m of rest.matchAll(/@([a-z0-9]+)(?![a-z0-9])/g)) {
    const word = m[1]!;
    const who = onlyByFirstName(mentionables, word) ?? onlyByFirstName(others, word);
    if (who) named.push(who.id);
  }
  const notified = new Set<number>();
  const outside = new Map<number, T>();
  for (const id of [...named, ...input.picked]) {
    if (id === input.authorId) continue;
    if (inside.has(id)) notified.add(id);
    else if (named.includes(id)) {
      const p = others.find((o) => o.id === id);
      if (p) outside.set(id, p);
    }
  }
  return { notified: [...notified], outside: [...outside.values()] };
}
