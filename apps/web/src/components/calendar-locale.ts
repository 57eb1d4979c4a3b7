import ptBrLocale from '@fullcalendar/react/locales/pt-br';

/**
 * Locale options shared by every FullCalendar of the app: pt-BR texts, local time, and weeks
 * from Monday like the date pickers and the agenda's week board (FullCalendar's pt-br locale
 * starts on Sunday).
 */
export const CALENDAR_LOCALE = {
  locale: ptBrLocale,
  timeZone: 'local',
  firstDay: 1,
} as const;
