import type { Tx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** The demo company's people; the first eight are the documented sign-in accounts. */
export const DEMO_PEOPLE = [
  { key: 'ti', email: 'ti@eproto.test', nome: 'Rafael Monteiro', role: 'TI' },
  {
    key: 'administrador',
    email: 'administrador@eproto.test',
    nome: 'Patrícia Almeida',
    role: 'Administrador',
  },
  {
    key: 'financeiro',
    email: 'financeiro@eproto.test',
    nome: 'Juliana Castro',
    role: 'Financeiro',
  },
  { key: 'cfo', email: 'cfo@eproto.test', nome: 'Eduardo Nogueira', role: 'Diretor Financeiro' },
  {
    key: 'coordenador',
    email: 'coordenador@eproto.test',
    nome: 'Marcos Ribeiro',
    role: 'Coordenador',
  },
  { key: 'gerente', email: 'gerente@eproto.test', nome: 'Fernanda Lima', role: 'Gerente' },
  {
    key: 'diretor',
    email: 'diretor@eproto.test',
    nome: 'Carlos Mendes',
    role: 'Diretor de Operações',
  },
  { key: 'equipe', email: 'equipe@eproto.test', nome: 'João Pereira', role: 'Equipe de Campo' },
  { key: 'equipe2', email: 'ana.souza@eproto.test', nome: 'Ana Souza', role: 'Equipe de Campo' },
  {
    key: 'equipe3',
    email: 'bruno.oliveira@eproto.test',
    nome: 'Bruno Oliveira',
    role: 'Equipe de Campo',
  },
  { key: 'equipe4', email: 'larissa.santos@eproto.test', nome: 'Larissa Santos', role: 'Equipe' },
  {
    key: 'equipe5',
    email: 'diego.ferreira@eproto.test',
    nome: 'Diego Ferreira',
    role: 'Equipe de Campo',
  },
  {
    key: 'coordenador2',
    email: 'tatiane.rocha@eproto.test',
    nome: 'Tatiane Rocha',
    role: 'Coordenador',
  },
  {
    key: 'comercial',
    email: 'roberto.azevedo@eproto.test',
    nome: 'Roberto Azevedo',
    role: 'Diretor Comercial',
  },
] as const;

export type DemoKey = (typeof DEMO_PEOPLE)[number]['key'];

/** Inserts the demo people; returns their ids by key. */
export async function seedDemoUsers(
  tx: Tx,
  passwordHash: string,
): Promise<Record<DemoKey, number>> {
  const rows = await tx
    .insert(users)
    .values(DEMO_PEOPLE.map((p) => ({ email: p.email, nome: p.nome, role: p.role, passwordHash })))
    .returning({ id: users.id, email: users.email });
  const ids = {} as Record<DemoKey, number>;
  for (const p of DEMO_PEOPLE) ids[p.key] = rows.find((r) => r.email === p.email)!.id;
  return ids;
}
