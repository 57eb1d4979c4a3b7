import { eq } from 'drizzle-orm';
import { companySettings, users } from '../../db/schema/index.ts';
import type { SeedContext } from '../../seed/seed-context.ts';

/** A CPF from its first nine digits (demo numbers that pass the check-digit rule). */
function demoCpf(base: string): string {
  const digits = base.split('').map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    digits.push(r === 10 ? 0 : r);
  }
  return digits.join('');
}

const STAFF = [
  ['equipe', '123456780', 'CAMPO-0107', 'Técnico de manutenção', '2023-03-06'],
  ['equipe2', '234567891', 'CAMPO-0112', 'Eletricista', '2023-08-14'],
  ['equipe3', '345678902', 'CAMPO-0125', 'Técnico de segurança do trabalho', '2024-01-22'],
  ['equipe4', '456789013', 'CAMPO-0131', 'Auxiliar técnico', '2024-06-03'],
  ['equipe5', '567890124', 'CAMPO-0140', 'Motorista operador', '2025-02-10'],
  ['coordenador', '678901235', 'ADM-0021', 'Coordenador de campo', '2021-05-17'],
] as const;

/** The employer (name, CNPJ) and the field staff's employment data for the ficha de EPI. */
export async function seedCompany({ tx, people }: SeedContext) {
  await tx
    .insert(companySettings)
    .values({ id: 1, nome: 'E-Proto Serviços de Campo Ltda.', cnpj: '11222333000181' })
    .onConflictDoNothing();
  for (const [key, cpf, matricula, funcao, admissao] of STAFF) {
    await tx
      .update(users)
      .set({ cpf: demoCpf(cpf), matricula, funcao, admissao })
      .where(eq(users.id, people[key]));
  }
}
