import {
  addDaysTo,
  CALENDAR_FEED_DAYS_AFTER,
  CALENDAR_FEED_DAYS_BEFORE,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarFeedUrl,
  rolesFor,
  todayIn,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { AgendaService } from '../agenda/agenda.service.ts';
import { createUsersRepo } from '../users/users.repo.ts';
import { buildCalendarFeed } from './calendar-feed.ics.ts';
import { createCalendarFeedRepo } from './calendar-feed.repo.ts';

/** A revoked, replaced or unknown link: the same answer, so nothing is learnt from it. */
const gone = () =>
  new AppError('NOT_FOUND', 'Link de calendário inválido ou revogado. Gere um novo no seu perfil.');

/** The last use is written at most once an hour (calendar apps poll every few minutes). */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

const status = (row: { createdAt: Date; lastUsedAt: Date | null } | null): CalendarFeedStatus => ({
  ativo: row !== null,
  criado_em: row?.createdAt.toISOString() ?? null,
  ultimo_uso_em: row?.lastUsedAt?.toISOString() ?? null,
});

/** Each person's iCal feed: make (shown once), revoke, and the feed itself (docs/integrations.md, "Calendar feeds"). */
export function createCalendarFeedService(
  deps: ServiceDeps,
  { agenda }: { agenda: AgendaService },
) {
  const { db } = deps.database;
  const agendaRoles: readonly string[] = rolesFor('/tatico/agenda');
  const tz = deps.config.COMPANY_TIME_ZONE;

  return {
    async status(u: ScopeUser): Promise<CalendarFeedStatus> {
      return status(await createCalendarFeedRepo(db).ofUser(u.id));
    },

    /** A new secret URL; the previous one stops working in the same transaction. */
    async create(u: ScopeUser): Promise<CalendarFeedCreated> {
      const token = newToken();
      const row = await db.transaction((tx) =>
        createCalendarFeedRepo(tx).replace(u.id, tokenHash(token)),
      );
      return { ...status(row), url: calendarFeedUrl(deps.config.publicUrl, token) };
    },

    async revoke(u: ScopeUser): Promise<CalendarFeedStatus> {
      await db.transaction((tx) => createCalendarFeedRepo(tx).remove(u.id));
      return status(null);
    },

    /** The feed of the token in `<token>.ics`, as the person would see it in the app now. */
    async feed(token: string): Promise<string> {
      const repo = createCalendarFeedRepo(db);
      const owner = await repo.ownerOf(tokenHash(token));
      if (!owner) throw gone();
      const person = await createUsersRepo(db).byId(owner.id);
      if (!person) throw gone();
      const today = todayIn(tz);
      const de = addDaysTo(today, -CALENDAR_FEED_DAYS_BEFORE);
      const ate = addDaysTo(today, CALENDAR_FEED_DAYS_AFTER);
      const [entries, dues] = await Promise.all([
        // Only who has "Minha agenda" gets agenda entries (and their OSs), as in the app.
        agendaRoles.includes(owner.type)
          ? agenda.mine(owner, { de, ate }).then((r) => r.items)
          : Promise.resolve([]),
        repo.dues(owner.id, de, ate),
      ]);
      if (!owner.lastUsedAt || Date.now() - owner.lastUsedAt.getTime() > TOUCH_EVERY_MS)
        await db.transaction((tx) => createCalendarFeedRepo(tx).touch(owner.id));
      return buildCalendarFeed({
        nome: person.nome,
        entries,
        dues,
        baseUrl: deps.config.publicUrl,
        timeZone: tz,
      });
    },
  };
}
