/** Before/after tag of an OS photo. */
export type PhotoMoment = 'antes' | 'depois';

/** Longest caption of an OS photo. */
export const LEGENDA_MAX = 300;
