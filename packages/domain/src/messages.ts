/** User-facing texts fixed by SPEC.md §8, word for word. */
export const MSG = {
  loginWrong: 'Email e/ou senha incorretos',
  loginFailed: 'Não foi possível realizar o login',
  loginNoUser: 'Falha ao autenticar',
  loginInvalid: 'Credenciais inválidas',
  loginOk: 'Login realizado com sucesso!',
  sessionExpired: 'Sua sessão expirou. Faça login novamente.',
  resetInvalidEmail: 'Informe um e-mail válido.',
  resetOk: 'Se o e-mail existir, enviaremos instruções para redefinir a senha.',
  resetNotFound: 'E-mail não encontrado.',
  resetFailed: 'Falha ao enviar. Tente novamente em instantes.',
  notificationsEmpty: 'Sem avisos no momento',
  loading: 'Carregando...',
} as const;

/** Polling intervals and limits (SPEC.md §9). */
export const POLL = {
  chatUnreadMs: 25_000,
  reviewCountMs: 25_000,
  notificationsMs: 60_000,
  requestTimeoutMs: 10_000,
  loginSlideMs: 4_000,
} as const;
