import { toOption } from './keys.ts';

type Named = { codigo: string; nome: string };

/**
 * How the app names a contract wherever one is picked or shown: "<código> — <nome>" (the code
 * first, as people say it; the name tells two codes apart).
 */
export const contractLabel = ({ codigo, nome }: Named) => `${codigo} — ${nome}`;

/** A contract as a select option: its id as text, named by `contractLabel`. */
export const contractOption = (c: Named & { id: number }) => toOption(c.id, contractLabel(c));
