/**
 * Counts next to nouns, in Brazilian Portuguese: "1 agendamento", "3 agendamentos", "3 de 5 rolos".
 * Every place where a number meets a word goes through here, so no "(s)" is left on screen.
 */
const rules = new Intl.PluralRules('pt-BR');
const numbers = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** The singular and the plural of a word ("agendamento", "agendamentos"). */
export type WordForms = readonly [one: string, other: string];

/** The form of a word that agrees with n: singular for 1 (and 1,5), plural from 2 and for 0. */
export function pluralForm(n: number, one: string, other: string): string {
  // CLDR puts 0 in "one" for pt, but written Brazilian Portuguese counts zero in the plural
  // ("0 agendamentos", "0 itens").
  if (n === 0) return other;
  return rules.select(n) === 'one' ? one : other;
}

/** n (pt-BR digits) and the word that agrees with it: "1 entrega", "1.234 entregas". */
export function countOf(n: number, one: string, other: string): string {
  return `${numbers.format(n)} ${pluralForm(n, one, other)}`;
}

/** Same as countOf, with the forms kept in one constant ("countWith(n, ENTREGA)"). */
export function countWith(n: number, forms: WordForms): string {
  return countOf(n, forms[0], forms[1]);
}
