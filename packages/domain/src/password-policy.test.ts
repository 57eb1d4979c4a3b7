import { describe, expect, it } from 'vitest';
import {
  assessNewPassword,
  containsPersonalData,
  PASSWORD_MESSAGES,
  personalWords,
} from './password-policy.ts';

const owner = { email: 'maria.clara@empresa.com.br', nome: 'Maria Clara Sousa' };

describe('assessNewPassword', () => {
  it.each([
    ['eproto123', PASSWORD_MESSAGES.short],
    ['Ab1!', PASSWORD_MESSAGES.short],
    ['x'.repeat(129), PASSWORD_MESSAGES.long],
    ['1234567890', PASSWORD_MESSAGES.common],
    ['password123', PASSWORD_MESSAGES.common],
    ['qwertyuiop', PASSWORD_MESSAGES.common],
    ['senha123456', PASSWORD_MESSAGES.common],
    ['abcdefghij', PASSWORD_MESSAGES.common],
    ['brasil2026!', PASSWORD_MESSAGES.common],
    ['maria.clara2026', PASSWORD_MESSAGES.personal],
    ['Sousa#Verde-2026', PASSWORD_MESSAGES.personal],
    ['MARIA.CLARA@EMPRESA.COM.BR', PASSWORD_MESSAGES.personal],
    ['Corvo-Verde-Pipoca-42', null],
    ['Campo#Seguro2026x', null],
    ['trocar-a-senha-2026', null],
  ])('%s -> %s', async (password, problem) => {
    const verdict = await assessNewPassword(password, owner);
    expect(verdict.problem).toBe(problem);
    expect(verdict.ok).toBe(problem === null);
  });

  it('scores 0–4, gives Portuguese hints for weak ones and caps a personal one at 1', async () => {
    const weak = await assessNewPassword('senha123456');
    expect(weak.score).toBeLessThan(3);
    expect(weak.hints.join(' ')).toMatch(/senha/i);
    expect((await assessNewPassword('Corvo-Verde-Pipoca-42')).score).toBe(4);
    expect((await assessNewPassword('Clara-Corvo-Verde-Pipoca-42', owner)).score).toBe(1);
  });
});

describe('personal data', () => {
  it('takes the e-mail, its user part and pieces, and name words of 4+ letters, folded', () => {
    expect(personalWords({ email: 'Ana.Sá@x.com', nome: 'Ana Conceição' })).toEqual([
      'ana.sa@x.com',
      'ana.sa',
      'conceicao',
    ]);
    expect(containsPersonalData('Conceicao-2026!', { nome: 'Ana Conceição' })).toBe(true);
    expect(containsPersonalData('Corvo-Verde-Pipoca-42', owner)).toBe(false);
  });
});
