// Fleet rules shared with pages that do not validate fleet forms (no zod here).

/** A trip longer than this (km between check-out and check-in) asks for confirmation. */
export const KM_JUMP_WARN = 2000;
