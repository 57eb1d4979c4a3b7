/** Lower-case, accent-free form used to match "@Nome" against people. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Ids of the people written as "@Nome Completo" in a text (accents and case ignored). The
 * longest names are tried first so "@Ana Souza" is not also read as "@Ana". A name must end
 * at a non-letter character or at the end of the text.
 */
export function findMentions(texto: string, people: { id: number; nome: string }[]): number[] {
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
  return found;
}
