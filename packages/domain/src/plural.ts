/**
 * Counts next to nouns, in Brazilian Portuguese: "1 agendamento", "3 agendamentos", "3 de 5 rolos".
 * Every place where a number meets a word goes through here, so no "(s)" is left on screen.
 *
 * No `Intl` object at module load: the first `Intl.PluralRules`/`NumberFormat` of a page loads
 * ICU's locale data, most of the signed-in shell's evaluation on a phone (71–112 ms of CPU at 4×,
 * issue 33), paid on every visit before the first render. The plural rule of pt is written out
 * below, and the count of a screen (nearly always a whole number under 1,000) needs no digit
 * grouping; the formatter is made on the first count that does.
 */

/** The singular and the plural of a word ("agendamento", "agendamentos"). */
export type WordForms = readonly [one: string, other: string];

let numbers: Intl.NumberFormat | null = null;

/**
 * CLDR's "one" of pt (Brazil): the integer digits are 0 or 1, whatever the fraction ("1,5
 * quilo"), as Intl.PluralRules('pt-BR') says (plural.test.ts compares the two).
 */
const isOne = (n: number) => Number.isFinite(n) && Math.abs(Math.trunc(n)) <= 1;

/** The form of a word that agrees with n: singular for 1 (and 1,5), plural from 2 and for 0. */
export function pluralForm(n: number, one: string, other: string): string {
  // CLDR puts 0 in "one" for pt, but written Brazilian Portuguese counts zero in the plural
  // ("0 agendamentos", "0 itens").
  if (n === 0) return other;
  return isOne(n) ? one : other;
}

/** n in pt-BR digits ("7", "1.234", "2,5"). */
function digits(n: number): string {
  // A whole number from 0 to 999 is written the same in every Latin-digit locale.
  if (Number.isInteger(n) && n >= 0 && n < 1000) return String(n);
  numbers ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });
  return numbers.format(n);
}

/** n (pt-BR digits) and the word that agrees with it: "1 entrega", "1.234 entregas". */
export function countOf(n: number, one: string, other: string): string {
  return `${digits(n)} ${pluralForm(n, one, other)}`;
}

/** Same as countOf, with the forms kept in one constant ("countWith(n, ENTREGA)"). */
export function countWith(n: number, forms: WordForms): string {
  return countOf(n, forms[0], forms[1]);
}
