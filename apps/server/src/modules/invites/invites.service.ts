import type { AdminContractRef, Invite } from '@eproto/domain';
import { canChangeRole, INVITE_TTL_DAYS, inviteStatus } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { createInvitesRepo, type InviteRow } from './invites.repo.ts';

const TTL_MS = INVITE_TTL_DAYS * 86_400_000;

function toInvite(row: InviteRow, byId: Map<number, AdminContractRef>): Invite {
  return {
    id: row.id,
    email: row.email,
    nome: row.nome,
    role: row.role ?? 'Equipe',
    contractIds: row.contractIds,
    contracts: row.contractIds.flatMap((id) => byId.get(id) ?? []),
    status: inviteStatus(row),
    invitedBy:
      row.invitedBy && row.invitedByNome ? { id: row.invitedBy, nome: row.invitedByNome } : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** /users/invite: invite by e-mail with a role and contracts; list, resend, revoke. */
export function createInvitesService(deps: ServiceDeps) {
  const repo = createInvitesRepo(deps.database.db);

  async function present(rows: InviteRow[]): Promise<Invite[]> {
    const contracts = await repo.contractsByIds([...new Set(rows.flatMap((r) => r.contractIds))]);
    const byId = new Map(contracts.map((c) => [c.id, c]));
    return rows.map((r) => toInvite(r, byId));
  }

  /** The invitation e-mail, written in `tx` (the invitation's own transaction). */
  async function mail(
    to: { email: string; nome: string | null },
    token: string,
    actor: SessionUser,
    tx: DbOrTx,
  ) {
    const link = `${deps.config.publicUrl}/accept-invite?token=${token}`;
    const hello = to.nome ? `Olá, ${to.nome}.` : 'Olá.';
    await deps.mailer(
      {
        to: to.email,
        subject: 'E-Proto: convite para criar sua conta',
        body: `${hello}\n\n${actor.nome} convidou você para o E-Proto. Para criar sua conta, defina seu nome e sua senha no link abaixo (válido por ${INVITE_TTL_DAYS} dias, uso único):\n${link}\n\nSe você não esperava este convite, ignore este e-mail.`,
        link,
      },
      { tx },
    );
  }

  async function load(id: number): Promise<InviteRow> {
    const row = await repo.byId(id);
    if (!row) throw notFound('Convite');
    return row;
  }

  return {
    /** Where invitation links can be read while there is no SMTP server (ti only). */
    async outbox() {
      const rows = await repo.outbox(30);
      return {
        smtp: Boolean(deps.config.SMTP_URL),
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      };
    },

    async list(onlyPending: boolean) {
      return { items: await present(await repo.list(onlyPending)) };
    },

    async create(
      actor: SessionUser,
      body: { email: string; nome?: string | undefined; role: string; contractIds: number[] },
    ) {
      if (!canChangeRole(actor.type, null, body.role)) {
        throw new AppError(
          'FORBIDDEN',
          'Somente a TI ou a diretoria podem convidar alguém com papel de TI, diretoria ou diretor financeiro (CFO).',
        );
      }
      const token = newToken();
      // Checks and insert under a per-e-mail lock: two invitations sent at once for one address
      // would both pass the "pending?" check and leave two live links.
      const id = await deps.database.db.transaction(async (tx) => {
        const txRepo = createInvitesRepo(tx);
        await txRepo.lockEmail(body.email);
        if (await txRepo.userExists(body.email)) {
          throw new AppError('CONFLICT', 'Já existe um usuário com este e-mail.', 'email');
        }
        if (await txRepo.pendingFor(body.email)) {
          throw new AppError(
            'CONFLICT',
            'Já existe um convite pendente para este e-mail. Use "Reenviar" na lista.',
            'email',
          );
        }
        const contractIds = [...new Set(body.contractIds)];
        const found = await txRepo.contractsByIds(contractIds);
        if (found.length !== contractIds.length) {
          throw new AppError('VALIDATION', 'Contrato não encontrado.', 'contractIds');
        }
        const created = await txRepo.create({
          kind: 'invite',
          tokenHash: tokenHash(token),
          email: body.email,
          nome: body.nome || null,
          role: body.role,
          contractIds,
          invitedBy: actor.id,
          expiresAt: new Date(Date.now() + TTL_MS),
        });
        await mail({ email: body.email, nome: body.nome || null }, token, actor, tx);
        return created;
      });
      const [invite] = await present([await load(id)]);
      return invite!;
    },

    /** A new link (the old one stops working) valid for another 7 days. */
    async resend(actor: SessionUser, id: number) {
      const row = await load(id);
      const status = inviteStatus(row);
      if (status === 'aceito' || status === 'revogado') {
        throw new AppError('CONFLICT', `Este convite já foi ${status}; crie um novo convite.`);
      }
      if (!canChangeRole(actor.type, null, row.role ?? 'Equipe')) {
        throw new AppError(
          'FORBIDDEN',
          'Somente a TI ou a diretoria podem reenviar convites com papel de TI, diretoria ou diretor financeiro (CFO).',
        );
      }
      if (await repo.userExists(row.email)) {
        throw new AppError('CONFLICT', 'Já existe um usuário com este e-mail.');
      }
      const token = newToken();
      await deps.database.db.transaction(async (tx) => {
        await createInvitesRepo(tx).update(id, {
          tokenHash: tokenHash(token),
          expiresAt: new Date(Date.now() + TTL_MS),
        });
        await mail(row, token, actor, tx);
      });
      const [invite] = await present([await load(id)]);
      return invite!;
    },

    async revoke(id: number) {
      const row = await load(id);
      if (inviteStatus(row) === 'aceito') {
        throw new AppError('CONFLICT', 'Este convite já foi aceito e não pode ser revogado.');
      }
      if (!row.revokedAt) {
        await deps.database.db.transaction((tx) =>
          createInvitesRepo(tx).update(id, { revokedAt: new Date() }),
        );
      }
      const [invite] = await present([await load(id)]);
      return invite!;
    },
  };
}
