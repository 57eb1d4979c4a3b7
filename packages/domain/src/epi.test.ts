import { describe, expect, it } from 'vitest';
import {
  caState,
  decodeSignaturePng,
  deliveryBody,
  deliveryRefusal,
  epiItemBody,
  epiSize,
  epiSizeShort,
  replacementDate,
  replacementState,
} from './epi.ts';

// 1x1 PNG padded to a realistic size (a canvas export is never this small, but the header is what matters).
const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (n = 80) =>
  `data:image/png;base64,${btoa(String.fromCharCode(...PNG_HEADER, ...Array.from({ length: n }, () => 0)))}`;

describe('caState', () => {
  it('is vencido after the expiry day, vencendo within 30 days', () => {
    expect(caState('2026-03-09', '2026-03-10')).toBe('vencido');
    expect(caState('2026-03-10', '2026-03-10')).toBe('vencendo');
    expect(caState('2026-04-09', '2026-03-10')).toBe('vencendo');
    expect(caState('2026-04-10', '2026-03-10')).toBe('valido');
  });
});

describe('replacement', () => {
  it('is due at delivery date + useful life, flagged 15 days ahead', () => {
    expect(replacementDate('2026-01-01', 90)).toBe('2026-04-01');
    expect(replacementState('2026-04-01', '2026-04-01')).toBe('vencido');
    expect(replacementState('2026-04-01', '2026-03-20')).toBe('proximo');
    expect(replacementState('2026-04-01', '2026-03-01')).toBeNull();
  });
});

describe('deliveryRefusal', () => {
  const item = {
    nome: 'Luva',
    ca_numero: '12345',
    ca_validade: '2026-06-30',
    estoque: 5,
    ativo: true,
  };
  it('allows a valid delivery', () => {
    expect(deliveryRefusal(item, 5, '2026-06-30')).toBeNull();
  });
  it('refuses an expired CA with a Portuguese message', () => {
    const r = deliveryRefusal(item, 1, '2026-07-01');
    expect(r?.error).toBe('Entrega não permitida: o CA 12345 de Luva venceu em 30/06/2026.');
  });
  it('refuses above the stock and inactive items', () => {
    expect(deliveryRefusal(item, 6, '2026-06-01')?.field).toBe('quantidade');
    expect(deliveryRefusal({ ...item, ativo: false }, 1, '2026-06-01')?.error).toMatch(/inativo/);
  });
});

describe('decodeSignaturePng', () => {
  it('accepts a PNG data URL and refuses anything else', () => {
    expect(decodeSignaturePng(png())).not.toBeNull();
    expect(decodeSignaturePng(png(10))).toBeNull();
    expect(decodeSignaturePng('data:image/jpeg;base64,/9j/4AAQ')).toBeNull();
    expect(
      decodeSignaturePng(`data:image/png;base64,${btoa('GIF89a'.padEnd(80, 'x'))}`),
    ).toBeNull();
    expect(decodeSignaturePng('data:image/png;base64,@@@')).toBeNull();
  });
});

describe('schemas', () => {
  it('validates CA numbers and useful life', () => {
    const ok = {
      nome: 'Capacete',
      ca_numero: '31469',
      ca_validade: '2027-01-01',
      tamanho: 'Único',
      vida_util_dias: 730,
    };
    expect(epiItemBody.safeParse(ok).success).toBe(true);
    expect(epiItemBody.safeParse({ ...ok, ca_numero: 'CA-1' }).error?.issues[0]?.message).toMatch(
      /Número do CA inválido/,
    );
    expect(epiItemBody.safeParse({ ...ok, vida_util_dias: 0 }).success).toBe(false);
    expect(epiItemBody.safeParse({ ...ok, estoque_inicial: -1 }).success).toBe(false);
  });
  it('checks delivery reason and signature', () => {
    const ok = {
      colaborador_id: 1,
      item_id: 2,
      data: '2026-03-10',
      quantidade: 1,
      motivo: 'admissao',
    };
    expect(deliveryBody.safeParse(ok).success).toBe(true);
    expect(deliveryBody.safeParse({ ...ok, motivo: 'presente' }).success).toBe(false);
    expect(deliveryBody.safeParse({ ...ok, assinatura: png() }).success).toBe(true);
    expect(deliveryBody.safeParse({ ...ok, assinatura: 'data:text/plain,oi' }).success).toBe(false);
  });
});

describe('epiSize', () => {
  it('reads a one-size item as "único" inside a phrase and keeps other sizes', () => {
    for (const t of ['Único', 'único', 'UNICO', 'U', 'un', ' Único '])
      expect(epiSize(t)).toBe('único');
    expect(epiSize('M')).toBe('M');
    expect(epiSize('42')).toBe('42');
    expect(epiSize('Universal')).toBe('Universal');
    expect(epiSizeShort('Único')).toBe('tam. único');
    expect(epiSizeShort('G')).toBe('tam. G');
  });
});
