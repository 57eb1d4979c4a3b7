import { describe, expect, it } from 'vitest';
import {
  findInvalidText,
  INT4_MAX,
  intInRange,
  isDateOnly,
  isIsoInstant,
  pagedQuery,
  plainDate,
  positiveId,
  requiredId,
  stripUnsafeNameChars,
} from './common.ts';
import { fieldDate, fieldId } from './field-common.ts';
import { attachmentDisplayName } from './work-items.ts';
import './zod-locale.ts';

describe('positiveId', () => {
  it('takes a JSON number or a plain decimal string up to the integer column maximum', () => {
    expect(positiveId.parse(16)).toBe(16);
    expect(positiveId.parse('16')).toBe(16);
    expect(positiveId.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it.each([
    '0x10',
    ' 16',
    '16 ',
    '1e1',
    '16.0',
    '+16',
    '1_0',
    '',
    '٣',
    '2147483648',
    '99999999999999999999',
    2_147_483_648,
    0,
    -1,
    1.5,
    null,
  ])('refuses %j with a Portuguese message', (value) => {
    const r = positiveId.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Identificador inválido.');
  });
});

describe('requiredId', () => {
  const board = requiredId('Escolha o quadro.');
  it.each([null, undefined])('says what to choose when left empty (%j)', (value) => {
    expect(board.safeParse(value).error?.issues[0]?.message).toBe('Escolha o quadro.');
  });
  it.each([0, '0x10', 2_147_483_648, '\u0000'])('refuses %j as an invalid id', (value) => {
    expect(board.safeParse(value).error?.issues[0]?.message).toBe('Identificador inválido.');
  });
  it('keeps a valid id', () => {
    expect(board.parse('16')).toBe(16);
  });
});

describe('intInRange', () => {
  const lag = intInRange(-365, 365, {
    invalid: 'Dias inválidos.',
    tooSmall: 'Pouco.',
    tooBig: 'Muito.',
  });
  it('keeps negative decimal strings and tells which bound was crossed', () => {
    expect(lag.parse('-3')).toBe(-3);
    expect(lag.safeParse(-366).error?.issues[0]?.message).toBe('Pouco.');
    expect(lag.safeParse('366').error?.issues[0]?.message).toBe('Muito.');
    expect(lag.safeParse('-0x1').error?.issues[0]?.message).toBe('Dias inválidos.');
  });

  it('bounds pages of lists', () => {
    expect(pagedQuery.parse({})).toEqual({ page: 1, perPage: 50 });
    expect(pagedQuery.safeParse({ page: '2147483648' }).success).toBe(false);
    expect(pagedQuery.safeParse({ perPage: '1001' }).error?.issues[0]?.message).toBe(
      'No máximo 1000 itens por página.',
    );
  });
});

describe('fieldId', () => {
  it('names the field with its gender and refuses what an integer column cannot hold', () => {
    expect(fieldId('a pessoa').safeParse(2_147_483_648).error?.issues[0]?.message).toBe(
      'Pessoa inválida.',
    );
    expect(fieldId('o contrato').safeParse(-1).error?.issues[0]?.message).toBe(
      'Contrato inválido.',
    );
    expect(fieldId('o contrato').safeParse(undefined).error?.issues[0]?.message).toBe(
      'Informe o contrato.',
    );
  });
});

describe('dates', () => {
  it('accepts real dates from 1900 to 2999 only', () => {
    expect(isDateOnly('2026-02-28')).toBe(true);
    expect(isDateOnly('2028-02-29')).toBe(true);
    expect(isDateOnly('1900-01-01')).toBe(true);
    expect(isDateOnly('2999-12-31')).toBe(true);
    for (const bad of ['0000-01-01', '1899-12-31', '3000-01-01', '2026-02-30', '2026-2-3', '']) {
      expect(isDateOnly(bad), bad).toBe(false);
    }
  });

  it('plainDate and fieldDate refuse year 0000 and impossible days in Portuguese', () => {
    expect(plainDate.parse('2026-03-10T12:00:00Z')).toBe('2026-03-10');
    expect(plainDate.safeParse('0000-01-01').error?.issues[0]?.message).toMatch(/ano entre 1900/);
    expect(fieldDate('a data').safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'A data: data inválida (use AAAA-MM-DD, ano entre 1900 e 2999).',
    );
  });

  it('isIsoInstant checks the calendar date of a date-time', () => {
    expect(isIsoInstant('2026-03-10T08:30')).toBe(true);
    expect(isIsoInstant('2026-03-10T08:30:00.000Z')).toBe(true);
    expect(isIsoInstant('2026-02-30T08:30:00Z')).toBe(false);
    expect(isIsoInstant('0000-01-01T08:30:00Z')).toBe(false);
  });
});

describe('findInvalidText', () => {
  it('finds a NUL in any value or key and says where', () => {
    expect(findInvalidText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findInvalidText({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(findInvalidText('\u0000')).toEqual([]);
    expect(findInvalidText({ a: 'sem nada', n: 1, z: null })).toBeNull();
  });

  it('walks a body nested 100,000 levels deep without recursion', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000)) as unknown;
    expect(findInvalidText(deep)).toHaveLength(100_000);
  });
});

describe('file and display names', () => {
  it('strips control and bidirectional characters', () => {
    expect(stripUnsafeNameChars('nota\u202Egnp.exe')).toBe('notagnp.exe');
    expect(stripUnsafeNameChars('a\u0000\u0007\u009b\u200b\u2066\ufeffb')).toBe('ab');
    expect(stripUnsafeNameChars('relatório – final.pdf')).toBe('relatório – final.pdf');
  });

  it('refuses NUL in a display name and strips the rest', () => {
    expect(attachmentDisplayName.safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'Texto com caractere inválido.',
    );
    expect(attachmentDisplayName.parse(' Foto\u202E gpj ')).toBe('Foto gpj');
  });
});
