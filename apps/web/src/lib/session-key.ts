/** Query key of the current user (GET /users/me); `null` data means "no session". */
export const SESSION_KEY = ['session'] as const;
