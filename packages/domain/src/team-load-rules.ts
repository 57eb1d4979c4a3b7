/**
 * Team load constants and labels without zod (the web's Carga tab reads them; team-load.ts holds
 * the schemas). How the hours are counted: docs/planning-load.md.
 */

/** Weeks one load request covers by default (this week and the next 7) and at most. */
export const LOAD_DEFAULT_WEEKS = 8;
export const LOAD_MAX_WEEKS = 26;
/** A working day's planned hours by default, in minutes (8 h). */
export const LOAD_DEFAULT_DAY_MINUTES = 480;
/** The CLT's weekly limit (44 h): no week's capacity goes beyond it, whatever the day's hours. */
export const LOAD_WEEK_CAP_HOURS = 44;

/** The working days the Carga tab offers, in minutes, with how people say them. */
export const LOAD_DAY_OPTIONS: readonly { minutos: number; rotulo: string }[] = [
  { minutos: 480, rotulo: '8 h por dia (40 h na semana)' },
  { minutos: 528, rotulo: '8,8 h por dia (44 h na semana)' },
  { minutos: 360, rotulo: '6 h por dia (30 h na semana)' },
  { minutos: 240, rotulo: '4 h por dia (20 h na semana)' },
];
