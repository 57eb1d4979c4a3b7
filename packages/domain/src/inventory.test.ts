import { describe, expect, it } from 'vitest';
import { applyMovement, inventoryItemBody, isBelowMinimum, type StockState } from './inventory.ts';

const cons: StockState = {
  natureza: 'consumivel',
  quantidade: 10,
  localizacao: 'Almoxarifado',
  responsavel_id: null,
  estado: null,
};
const pat: StockState = {
  natureza: 'patrimonio',
  quantidade: 1,
  localizacao: 'Almoxarifado',
  responsavel_id: null,
  estado: 'bom',
};

describe('applyMovement on consumables', () => {
  it('adds on entrada and subtracts on saída', () => {
    const a = applyMovement(cons, { tipo: 'entrada', quantidade: 5 });
    expect(a.ok && a.next.quantidade).toBe(15);
    const b = applyMovement(cons, { tipo: 'saida', quantidade: 10 });
    expect(b.ok && b.next.quantidade).toBe(0);
  });

  it('never lets the stock go negative', () => {
    const r = applyMovement(cons, { tipo: 'saida', quantidade: 11 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/Estoque insuficiente: disponível 10, solicitado 11/);
    expect(applyMovement(cons, { tipo: 'baixa', quantidade: 11, motivo: 'perda' }).ok).toBe(false);
  });

  it('needs a positive integer quantity', () => {
    expect(applyMovement(cons, { tipo: 'entrada' }).ok).toBe(false);
    expect(applyMovement(cons, { tipo: 'entrada', quantidade: 0 }).ok).toBe(false);
    expect(applyMovement(cons, { tipo: 'saida', quantidade: -3 }).ok).toBe(false);
    expect(applyMovement(cons, { tipo: 'entrada', quantidade: 1.5 }).ok).toBe(false);
  });

  it('needs a reason for a baixa', () => {
    const r = applyMovement(cons, { tipo: 'baixa', quantidade: 1 });
    expect(!r.ok && r.field).toBe('motivo');
  });

  it('moves the whole stock on transfer, and refuses a holder', () => {
    const r = applyMovement(cons, { tipo: 'transferencia', destino_localizacao: 'Base Norte' });
    expect(r.ok && r.next).toMatchObject({ localizacao: 'Base Norte', quantidade: 10 });
    expect(r.ok && r.quantidade).toBe(10);
    expect(applyMovement(cons, { tipo: 'transferencia', responsavel_id: 3 }).ok).toBe(false);
    expect(
      applyMovement(cons, { tipo: 'transferencia', destino_localizacao: 'Almoxarifado' }).ok,
    ).toBe(false);
  });
});

describe('applyMovement on patrimony', () => {
  it('transfers place and holder', () => {
    const r = applyMovement(pat, { tipo: 'transferencia', responsavel_id: 7 });
    expect(r.ok && r.next).toMatchObject({ responsavel_id: 7, localizacao: 'Almoxarifado' });
    const back = applyMovement(
      { ...pat, responsavel_id: 7 },
      { tipo: 'transferencia', responsavel_id: null },
    );
    expect(back.ok && back.next.responsavel_id).toBeNull();
  });

  it('writes off with a reason, then accepts nothing else', () => {
    const r = applyMovement({ ...pat, responsavel_id: 7 }, { tipo: 'baixa', motivo: 'Quebrou' });
    expect(r.ok && r.next).toMatchObject({
      quantidade: 0,
      estado: 'baixado',
      responsavel_id: null,
    });
    const after = r.ok ? r.next : pat;
    expect(applyMovement(after, { tipo: 'transferencia', destino_localizacao: 'X' }).ok).toBe(
      false,
    );
  });

  it('refuses entrada and saída', () => {
    expect(applyMovement(pat, { tipo: 'entrada', quantidade: 1 }).ok).toBe(false);
    expect(applyMovement(pat, { tipo: 'saida', quantidade: 1 }).ok).toBe(false);
  });
});

describe('isBelowMinimum', () => {
  it('alerts strictly under a positive minimum', () => {
    expect(isBelowMinimum(4, 5)).toBe(true);
    expect(isBelowMinimum(5, 5)).toBe(false);
    expect(isBelowMinimum(0, 0)).toBe(false);
  });
});

describe('inventoryItemBody', () => {
  it('upper-cases codes and refuses a negative initial stock', () => {
    const ok = inventoryItemBody.parse({
      natureza: 'consumivel',
      codigo: 'luv-01',
      nome: 'Luva',
      categoria: 'EPI',
      localizacao: 'A1',
      unidade: 'par',
    });
    expect(ok.codigo).toBe('LUV-01');
    const bad = inventoryItemBody.safeParse({
      natureza: 'consumivel',
      codigo: 'X',
      nome: 'Luva',
      categoria: 'EPI',
      localizacao: 'A1',
      unidade: 'par',
      quantidade_inicial: -1,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/negativo/);
  });
});
