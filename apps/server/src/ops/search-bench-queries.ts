/**
 * What people type in the global search, as bench/search.ts measures it (and
 * apps/server/src/ops/search-plans.ts explains it): words with and without accents, several words, names with
 * a typo, plates in any form, a demand number.
 */
export const QUERIES = [
  'manutencao',
  'Manutenção preventiva',
  'troca de luminarias',
  'inspecao quadro eletrico',
  'bloco a',
  'torre norte',
  'vistoria',
  'laudo spda',
  'Mariana Silva',
  'Joao Olivera',
  'Rafaela Sooza',
  'carga 42',
  'abc1d23',
  'ABC-1234',
  '#1234',
  'casa de maquinas',
  'etapa levantamento',
  'comentario andamento',
];
