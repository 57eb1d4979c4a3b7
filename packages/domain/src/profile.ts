import { z } from 'zod';
import { userNome } from './admin-users.ts';
import { password, PASSWORD_MAX } from './auth.ts';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications.ts';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Largest avatar upload, in megabytes (the client crops and shrinks it first). */
export const AVATAR_MAX_MB = 2;
/** Side of the square avatar the client produces, in pixels. */
export const AVATAR_SIZE_PX = 256;

/** Every notification type with the stored preference; absent means "receive". */
export function notificationPrefsOf(
  stored: Record<string, boolean> | null | undefined,
): Record<NotificationType, boolean> {
  const out = {} as Record<NotificationType, boolean>;
  for (const t of NOTIFICATION_TYPES) out[t] = stored?.[t] !== false;
  return out;
}

const prefsShape = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<
  NotificationType,
  z.ZodBoolean
>;
export const notificationPrefs = z.object(prefsShape);

export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nome: z.string(),
  type: z.string(),
  rawType: z.string(),
  avatar: z.string().nullable(),
  theme: z.enum(THEMES),
  notificationPrefs,
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBody = z
  .object({
    nome: userNome.optional(),
    theme: z.enum(THEMES).optional(),
    notificationPrefs: notificationPrefs.partial().optional(),
  })
  .refine(
    (v) => v.nome !== undefined || v.theme !== undefined || v.notificationPrefs !== undefined,
    'Nada para alterar.',
  );
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Informe a senha atual.' })
    .min(1, 'Informe a senha atual.')
    .max(PASSWORD_MAX, 'Senha longa demais.'),
  newPassword: password,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
