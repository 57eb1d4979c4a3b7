import { describe, expect, it } from 'vitest';

import {
  canChatDirect,
  chatMentionTarget,
  chatSendBody,
  contractChatSendBody,
  mentionedIds,
  roomMentionText,
} from './chat.ts';
import { ROLES } from './roles.ts';

describe('canChatDirect', () => {
  it('lets gestores talk to anyone, and anyone answer a gestor', () => {
    for (const gestor of ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'] as const) {
      for (const other of ROLES) {
        expect(canChatDirect(gestor, other, false)).toBe(true);
        expect(canChatDirect(other, gestor, false)).toBe(true);
      }
    }
  });

  it('lets two other people talk only when they share a contract', () => {
    expect(canChatDirect('equipe', 'equipe', false)).toBe(false);
    expect(canChatDirect('equipe', 'financeiro', false)).toBe(false);
    expect(canChatDirect('equipe', 'equipe', true)).toBe(true);
  });
});

describe('mentionedIds', () => {
  const people = [
    { id: 1, nome: 'João Pereira' },
    { id: 2, nome: 'Ana Souza' },
    { id: 3, nome: 'Ana Souza Lima' },
  ];

  it('finds full names after @, ignoring accents and case', () => {
    expect(mentionedIds('Oi @joao pereira, veja isso', people)).toEqual([1]);
    expect(mentionedIds('@JOÃO PEREIRA', people)).toEqual([1]);
  });

  it('prefers the longest name and does not read it twice', () => {
    expect(mentionedIds('cc @Ana Souza Lima', people)).toEqual([3]);
    expect(mentionedIds('cc @Ana Souza Lima e @Ana Souza', people).sort()).toEqual([2, 3]);
  });

  it('needs a word end after the name and the @ before it', () => {
    expect(mentionedIds('@João Pereirax', people)).toEqual([]);
    expect(mentionedIds('João Pereira', people)).toEqual([]);
  });
});

describe('send bodies', () => {
  it('refuses an empty message with a Portuguese error', () => {
    const r = chatSendBody.safeParse({ to: 2, content: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Escreva uma mensagem ou anexe um arquivo.');
  });

  it('accepts a file alone, only from the chat upload URL', () => {
    expect(chatSendBody.safeParse({ to: 2, fileUrl: '/api/chat/files/9' }).success).toBe(true);
    const foreign = contractChatSendBody.safeParse({ chatId: 1, fileUrl: 'https://x.y/z.png' });
    expect(foreign.success).toBe(false);
  });
});

describe('chatMentionTarget', () => {
  const base = {
    type: 'mention',
    custom_text: null,
    author_id: 7,
    mural_id: null,
    protocol_id: null,
  };

  it('opens the conversation with the author of a direct-chat mention', () => {
    expect(chatMentionTarget(base)).toBe('/operacional/chat?com=7');
  });

  it('opens the contract room named in a room mention', () => {
    const n = { ...base, custom_text: roomMentionText('CT-001', 'veja: agora') };
    expect(chatMentionTarget(n)).toBe('/operacional/chat-contrato?contrato=CT-001');
  });

  it('leaves demand/task mentions and other types to their item', () => {
    expect(chatMentionTarget({ ...base, mural_id: 3 })).toBeNull();
    expect(chatMentionTarget({ ...base, type: 'deadline_reminder' })).toBeNull();
  });
});
