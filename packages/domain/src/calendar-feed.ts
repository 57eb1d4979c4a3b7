import { z } from 'zod';

/**
 * A person's calendar feed (iCal, RFC 5545): a secret, revocable URL that Google Calendar or
 * Outlook subscribe to (docs/integrations.md, "Calendar feeds"). The token is shown once, when made.
 */
export const CALENDAR_FEED_PATH = '/api/public/calendario';
/** How far back and ahead the feed reaches, in days from today (company time zone). */
export const CALENDAR_FEED_DAYS_BEFORE = 30;
export const CALENDAR_FEED_DAYS_AFTER = 180;

export const calendarFeedStatus = z.object({
  ativo: z.boolean(),
  criado_em: z.string().nullable(),
  ultimo_uso_em: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** Answer of "Gerar link": the only time the URL is shown. */
export const calendarFeedCreated = calendarFeedStatus.extend({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** `<token>.ics`: 256 random bits in base64url. Anything else is refused before a lookup. */
export const calendarFeedParams = z.object({
  arquivo: z
    .string()
    .max(64, 'Link de calendário inválido.')
    .regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'Link de calendário inválido.'),
});

export const calendarFeedUrl = (base: string, token: string) =>
  `${base.replace(/\/$/, '')}${CALENDAR_FEED_PATH}/${token}.ics`;
