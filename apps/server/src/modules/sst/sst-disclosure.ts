import { can, NOT_QUALIFIED_REASON, type Role, withoutHealthReason } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { seesEverything } from '../access/scope.service.ts';
import { createSstRepo } from './sst.repo.ts';

/** Who asks: the signed-in person. */
export interface SstViewer {
  id: number;
  type: Role;
}

/**
 * How much of one person's SST a viewer may know (docs/sst.md "Health data"):
 * - `completo`: the person themself and aso.health.read, every reason;
 * - `sem_saude`: SST gestores (they read the file without ASO results), the ASO fitness
 *   reason reads "não habilitado para a atividade";
 * - `veredito`: anyone else who shares a contract with the person: only "não habilitado";
 * - `fora`: nobody the viewer works with: omitted (or only the verdict where the viewer named
 *   the person on a job and the gate must say why it refuses).
 */
export type SstSight = 'completo' | 'sem_saude' | 'veredito' | 'fora';

/** A gate reason about one person. */
export interface SstReason {
  user_id: number;
  nome: string;
  motivo: string;
}

/** What the viewer may know of each of these people. */
export async function sstSights(
  db: DbOrTx,
  viewer: SstViewer,
  userIds: number[],
): Promise<Map<number, SstSight>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, SstSight>();
  const wide: SstSight | null = can(viewer, 'aso.health.read')
    ? 'completo'
    : can(viewer, 'sst.manage')
      ? 'sem_saude'
      : null;
  const others = ids.filter((id) => id !== viewer.id);
  let colleagues = new Set<number>();
  if (!wide && others.length > 0) {
    if (seesEverything(viewer)) colleagues = new Set(others);
    else {
      colleagues = new Set(await createSstRepo(db).contractColleagues(viewer.id, others));
    }
  }
  for (const id of ids) {
    if (id === viewer.id) out.set(id, 'completo');
    else if (wide) out.set(id, wide);
    else out.set(id, colleagues.has(id) ? 'veredito' : 'fora');
  }
  return out;
}

/**
 * The gate's reasons as this viewer may read them: full, without the ASO fitness, one
 * "não habilitado" line per person, or nothing. `outsiders` says what a person outside the
 * viewer's sight becomes: omitted (a pre-check) or the verdict (a refused save that named them).
 */
export async function discloseReasons(
  db: DbOrTx,
  viewer: SstViewer,
  reasons: SstReason[],
  outsiders: 'omitir' | 'veredito',
): Promise<{ user_id: number; motivo: string }[]> {
  const sights = await sstSights(
    db,
    viewer,
    reasons.map((r) => r.user_id),
  );
  const out: { user_id: number; motivo: string }[] = [];
  const seen = new Set<string>();
  const push = (user_id: number, motivo: string) => {
    const key = `${user_id}\u0001${motivo}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ user_id, motivo });
  };
  for (const r of reasons) {
    const sight = sights.get(r.user_id) ?? 'fora';
    if (sight === 'completo') push(r.user_id, r.motivo);
    else if (sight === 'sem_saude') push(r.user_id, withoutHealthReason(r.motivo));
    else if (sight === 'veredito' || outsiders === 'veredito')
      push(r.user_id, `${r.nome}: ${NOT_QUALIFIED_REASON}`);
  }
  return out;
}
