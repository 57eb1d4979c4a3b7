import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity.ts';

describe('describeActivity', () => {
  it.each([
    ['login', null, 'Login'],
    ['login_failed', null, 'Falha de login'],
    ['logout', null, 'Logout'],
    ['POST /api/invites', 'invites', 'Enviou convite'],
    ['POST /api/users/:id/deactivate', 'users', 'Desativou usuário'],
    ['POST /api/eproto/murals', 'murals', 'Criou demanda'],
    ['PATCH /api/eproto/murals/:id/kanban', 'murals', 'Alterou etapa em demanda'],
    ['POST /api/eproto/murals/:id/messages', 'murals', 'Criou mensagem em demanda'],
    ['DELETE /api/eproto/murals/:id/attachments/:attId', 'murals', 'Excluiu anexo em demanda'],
    ['DELETE /api/eproto/boards/:id', 'boards', 'Excluiu quadro'],
    ['PATCH /api/eproto/coisas/:id', 'coisas', 'Alterou coisas'],
    ['algo_desconhecido', null, 'algo_desconhecido'],
  ])('%s -> %s', (action, objectType, expected) => {
    expect(describeActivity(action, objectType)).toBe(expected);
  });
});
