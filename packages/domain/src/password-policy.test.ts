import { describe, expect, it } from 'vitest';
import {
  assessNewPassword,
  containsPersonalData,
  organisationWords,
  PASSWORD_MESSAGES,
  personalWords,
  soleWordOf,
} from './password-policy.ts';

const owner = {
  email: 'maria.clara@empresa.com.br',
  nome: 'Maria Clara Sousa',
  company: 'Construtora Horizonte Ltda',
};

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
    // Issue 38: one guessable word (or the product's, the company's, the person's name) + a year.
    ['Senha@1234', PASSWORD_MESSAGES.oneWord],
    ['Senha@2026', PASSWORD_MESSAGES.oneWord],
    ['Brasil@2026!', PASSWORD_MESSAGES.oneWord],
    ['Eproto@2026', PASSWORD_MESSAGES.organisation],
    ['E-Proto#2026', PASSWORD_MESSAGES.organisation],
    ['eproto.2026', PASSWORD_MESSAGES.organisation],
    ['Horizonte@2026', PASSWORD_MESSAGES.organisation],
    ['Construtora2026!', PASSWORD_MESSAGES.organisation],
    ['Empresa@2026#', PASSWORD_MESSAGES.organisation],
    ['Clara@2026!', PASSWORD_MESSAGES.personal],
    ['Paralelepipedo@2026', null],
    ['Girassol#Azul9', null],
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

describe('organisation words', () => {
  it('takes the product, the e-mail domain and the company name words, legal forms left out', () => {
    expect(organisationWords(owner)).toEqual([
      'eproto',
      'e-proto',
      'e.proto',
      'e_proto',
      'empresa',
      'construtora',
      'horizonte',
    ]);
    expect(soleWordOf('Senha@1234')).toBe('Senha');
    expect(soleWordOf('Campo#Seguro2026x')).toBeNull();
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
