// Zod-free: /login reads these (kept apart so its first JS stays small).

/** Why a single sign-on was refused: the `sso` query parameter /login gets back. */
export const SSO_REFUSALS = ['invalido', 'email', 'conta', 'indisponivel'] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** What /login shows for each refusal; none says whether an account exists or is inactive. */
export const SSO_REFUSAL_MESSAGES: Record<SsoRefusal, string> = {
  invalido: 'Não foi possível confirmar o login único. Tente novamente.',
  email: 'O provedor de login não confirmou o seu e-mail. Confirme-o lá e tente de novo.',
  conta: 'Não há uma conta ativa no E-Proto para este e-mail. Fale com a TI.',
  indisponivel: 'O login único está indisponível agora. Entre com e-mail e senha.',
};

/** `sso` of /login after a successful sign-in through the provider. */
export const SSO_OK = 'ok';

/** GET /api/auth/sso: the provider /login offers, or null when single sign-on is off. */
export interface SsoOptions {
  oidc: { nome: string } | null;
}

/** Where the "Entrar com …" button leads (a plain navigation: the server redirects). */
export const SSO_START_PATH = '/api/auth/oidc/start';

/** Whether a text is one of the refusal codes. */
export function isSsoRefusal(v: string | null): v is SsoRefusal {
  return v !== null && (SSO_REFUSALS as readonly string[]).includes(v);
}
