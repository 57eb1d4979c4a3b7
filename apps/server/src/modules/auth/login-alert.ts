import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { createAuthRepo } from './auth.repo.ts';
import { LOGIN_LIMITS } from './login-throttle.ts';

/** How often, at most, the owner of an account hears of failed sign-ins. */
export const LOGIN_ALERT_WINDOW_MS = 24 * 3_600_000;

/**
 * Tells the owner of an account by e-mail (the app's mailer: outbox or SMTP) that strangers keep
 * failing to sign in to it, once per window whatever the number of attempts and nodes.
 */
export function createLoginAlerts(deps: Pick<ServiceDeps, 'database' | 'mailer' | 'config'>) {
  const { db } = deps.database;
  const repo = createAuthRepo(db);

  /** True for exactly one caller per e-mail and window (one upsert decides, on any node). */
  async function claim(tx: DbOrTx, email: string, now: Date): Promise<boolean> {
    const txRepo = createAuthRepo(tx);
    const before = new Date(now.getTime() - LOGIN_ALERT_WINDOW_MS);
    const claimed = await txRepo.claimLoginAlert(email, now, before);
    // Rows of e-mails nobody attacks any more go now and then (unknown e-mails leave them too).
    if (Math.random() < 0.01) {
      await txRepo.dropLoginAlertsBefore(new Date(now.getTime() - 7 * LOGIN_ALERT_WINDOW_MS));
    }
    return claimed;
  }

  return {
    /**
     * After a failure from an unknown browser that brought the account's streak to `failures`:
     * from the count where strangers start being slowed, the owner is told once per window.
     * Unknown e-mails take the same claim, so the work does not tell them apart. The claim and
     * the e-mail's job commit together: if the e-mail cannot be queued, the window stays open
     * and the next failure tries again.
     */
    async afterFailure(email: string, failures: number, now: Date) {
      if (failures < LOGIN_LIMITS.accountFreeFailures) return;
      await db.transaction(async (tx) => {
        if (!(await claim(tx, email, now))) return;
        const user = await repo.userByEmail(email);
        if (!user?.active) return;
        await deps.mailer(alertMail(user, failures, now), { tx });
      });
    },
  };

  function alertMail(user: { email: string; nome: string }, failures: number, now: Date) {
    const when = now.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    return {
      to: user.email,
      subject: 'E-Proto: tentativas de acesso à sua conta',
      body: [
        `Olá, ${user.nome}.`,
        '',
        `Houve ${failures} tentativas de login com senha errada na sua conta do E-Proto, a última em ${when} (horário de Brasília), vindas de navegadores em que você nunca entrou.`,
        '',
        'Sua conta não foi bloqueada: nos navegadores em que você já entrou, o login continua normal. Novas tentativas de outros lugares estão sendo retardadas.',
        '',
        `Se não foi você, troque a senha em ${deps.config.publicUrl}/profile (ou use "Esqueci minha senha" na tela de login) e avise a TI. Se foi você, nada a fazer.`,
        '',
        'Este aviso é enviado no máximo uma vez por dia.',
      ].join('\n'),
    };
  }
}
