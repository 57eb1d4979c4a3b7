import {
  distanceMeters,
  formatDistance,
  OS_ACTION_TARGET,
  OS_CHECK_IN_MAX_DISTANCE_M,
  OS_YES_NO_LABELS,
  osActionRefusal,
  osAnswerRefusal,
  rolesFor,
  roleOf,
  formatDateBr,
  type OsAnswerValue,
  type osAnswerBody,
  type OsEventKind,
  type osStepBody,
  type osTeamBody,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { OsActor } from './service-order-access.ts';
import { createOsKit, type Stamp } from './service-orders.service.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';
import { createServiceTypesRepo } from './service-types.repo.ts';
import { checkedAnswer } from './service-types.service.ts';

const STEP_EVENT: Record<z.output<typeof osStepBody>['acao'], OsEventKind> = {
  a_caminho: 'a_caminho',
  check_in: 'check_in',
  pausar: 'pausada',
  retomar: 'retomada',
  cancelar: 'cancelada',
};

/** A checklist answer in a sentence for the history ("Temperatura: 12 °C"). */
function answerText(titulo: string, v: OsAnswerValue, unidade: string | null): string {
  const value =
    v.valor_sim_nao !== null
      ? OS_YES_NO_LABELS[v.valor_sim_nao]
      : v.valor_numero !== null
        ? `${v.valor_numero.toLocaleString('pt-BR')}${unidade ? ` ${unidade}` : ''}`
        : v.valor_data !== null
          ? formatDateBr(v.valor_data)
          : v.valor_opcoes !== null
            ? v.valor_opcoes.join(', ')
            : (v.valor_texto ?? '');
  const short = value.length > 120 ? `${value.slice(0, 117)}...` : value;
  return `${titulo}: ${short}`;
}

/** The team's steps on an OS: status moves with position, checklist answers, the team itself. */
export function createOsStepsService(deps: ServiceDeps) {
  const kit = createOsKit(deps);
  const { db } = kit;

  return {
    /** a caminho, check-in (distance rule, SST guards), pausar, retomar, cancelar (gestores). */
    async step(u: OsActor, id: number, b: z.output<typeof osStepBody>) {
      const a = await kit.access.of(u, id);
      if (b.acao === 'cancelar') {
        if (!a.manager) {
          throw new AppError('FORBIDDEN', 'Só gestores do contrato podem cancelar a OS.');
        }
        if (!b.motivo || b.motivo.length < 3) {
          throw new AppError('VALIDATION', 'Informe o motivo do cancelamento.', 'motivo');
        }
      } else kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const version = await db.transaction(async (tx) => {
        const r = createServiceOrdersRepo(tx);
        const cur = await r.lock(id);
        if (!cur) throw new AppError('NOT_FOUND', 'OS não encontrada.');
        const refusal = osActionRefusal(cur.status, b.acao);
        if (refusal) throw new AppError('CONFLICT', refusal, 'acao');
        let distance: number | null = null;
        if (
          b.acao === 'check_in' &&
          cur.latitude !== null &&
          cur.longitude !== null &&
          b.latitude !== null &&
          b.longitude !== null
        ) {
          distance = Math.round(
            distanceMeters(
              { latitude: cur.latitude, longitude: cur.longitude },
              { latitude: b.latitude, longitude: b.longitude },
            ),
          );
          if (distance > OS_CHECK_IN_MAX_DISTANCE_M && !b.motivo_distancia) {
            throw new AppError(
              'VALIDATION',
              `Você está a ${formatDistance(distance)} do local da OS (limite de ${OS_CHECK_IN_MAX_DISTANCE_M} m). Informe o motivo para fazer o check-in fora do local.`,
              'motivo_distancia',
            );
          }
        }
        if (b.acao === 'check_in') {
          await deps.access.checkInOs({ tx, os: cur, at: deviceTime ?? now });
        }
        const to = OS_ACTION_TARGET[b.acao];
        const version = await r.update(id, {
          status: to,
          ...(b.acao === 'check_in' ? { checkInEm: deviceTime ?? now } : {}),
          ...(b.acao === 'cancelar' ? { canceladaEm: now, cancelamentoMotivo: b.motivo } : {}),
        });
        await r.insertEvent({
          serviceOrderId: id,
          tipo: STEP_EVENT[b.acao],
          status: to,
          userId: u.id,
          em: now,
          deviceTime,
          latitude: b.latitude,
          longitude: b.longitude,
          precisaoM: b.precisao_m,
          distanciaM: distance,
          motivo: b.acao === 'check_in' ? b.motivo_distancia : b.motivo,
        });
        return version;
      });
      await kit.changed(id, version);
      return kit.detailAfterStep(u, a, id);
    },

    /** Saves one checklist answer, validated against its item (type, range, options). */
    async answer(u: OsActor, id: number, itemId: number, b: z.output<typeof osAnswerBody>) {
      const a = await kit.access.of(u, id);
      kit.assertTeam(a);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        const beforeCheckIn = osAnswerRefusal(cur.status);
        if (beforeCheckIn) throw new AppError('CONFLICT', beforeCheckIn);
        const { item, value, empty, columns } = checkedAnswer(
          await createServiceTypesRepo(tx).item(cur.versionId, itemId),
          b,
        );
        const r = createServiceOrdersRepo(tx);
        const before = (await r.answers(id)).some((x) => x.a.itemId === itemId);
        if (empty) await r.deleteAnswer(id, itemId);
        else {
          await r.upsertAnswer({
            serviceOrderId: id,
            itemId,
            ...columns,
            respondidoPor: u.id,
            respondidoEm: now,
            deviceTime,
          });
        }
        // Answers save as they are typed: the history keeps the first one of each item.
        if (!before && !empty) {
          await r.insertEvent({
            serviceOrderId: id,
            tipo: 'resposta',
            userId: u.id,
            em: now,
            deviceTime,
            texto: answerText(item.titulo, value, item.unidade),
          });
        }
        return r.touch(id);
      });
      await kit.changed(id, version);
      return kit.detailAfterStep(u, a, id);
    },

    /** Adds a helper to the team (anyone on the team, or a gestor of the contract). */
    async addPerson(u: OsActor, id: number, b: z.output<typeof osTeamBody>) {
      await kit.access.of(u, id);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      const { version, publish } = await db.transaction(async (tx) => {
        const r = createServiceOrdersRepo(tx);
        const cur = await kit.lockOpen(tx, id);
        const [person] = await r.activeUsers([b.user_id]);
        if (!person)
          throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', 'user_id');
        if (!rolesFor('/tatico/agenda').includes(roleOf(person.role))) {
          throw new AppError('VALIDATION', `${person.nome} não tem acesso à agenda.`, 'user_id');
        }
        if (await r.isOnTeam(id, b.user_id)) {
          throw new AppError('CONFLICT', `${person.nome} já está na equipe.`, 'user_id');
        }
        const team = [...(await r.people([id], true)).map((p) => p.id), b.user_id];
        await deps.access.assignOs({
          tx,
          os: cur,
          actor: u,
          teamIds: team,
          liberacaoSst: b.liberacao_sst,
        });
        const version = await r.addPeople(id, [b.user_id], u.id, deviceTime ?? now);
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'pessoa_adicionada',
          userId: u.id,
          em: now,
          deviceTime,
          texto: person.nome,
        });
        const publish = await kit.notifications.notify(
          {
            userIds: [b.user_id],
            type: 'os_assigned',
            authorId: u.id,
            customText: `Você está na equipe da ${cur.codigo}: ${cur.local}.`,
            link: `/tatico/agenda/os/${id}`,
          },
          tx,
        );
        return { version, publish };
      });
      await publish();
      await kit.changed(id, version);
      return kit.detail(u, id);
    },

    /** Takes someone off the team (their hours stop there); the last person stays. */
    async removePerson(u: OsActor, id: number, userId: number, stamp: Stamp = {}) {
      await kit.access.of(u, id);
      const now = new Date();
      const deviceTime = kit.deviceTime(stamp, now);
      const version = await db.transaction(async (tx) => {
        const r = createServiceOrdersRepo(tx);
        await kit.lockOpen(tx, id);
        const team = await r.people([id], true);
        const person = team.find((p) => p.id === userId);
        if (!person) throw new AppError('NOT_FOUND', 'Esta pessoa não está na equipe da OS.');
        if (team.length === 1) {
          throw new AppError('CONFLICT', 'A OS precisa de pelo menos uma pessoa na equipe.');
        }
        const version = await r.removePerson(id, userId, deviceTime ?? now);
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'pessoa_removida',
          userId: u.id,
          em: now,
          deviceTime,
          texto: person.nome,
        });
        return version;
      });
      await kit.changed(id, version);
      return kit.detail(u, id);
    },
  };
}
