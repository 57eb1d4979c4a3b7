import { describe, expect, it } from 'vitest';
import {
  dueState,
  fuelBody,
  formatPlate,
  isValidPlate,
  isValidRenavam,
  maintenanceBody,
  maintenanceDueState,
  mercosulOf,
  normalizePlate,
  plateKind,
  plateVariants,
  vehicleBody,
} from './fleet.ts';

describe('Brazilian plates', () => {
  it.each([
    ['ABC-1234', 'antiga', 'ABC1234', 'ABC-1234'],
    ['abc1234', 'antiga', 'ABC1234', 'ABC-1234'],
    [' abc 1234 ', 'antiga', 'ABC1234', 'ABC-1234'],
    ['ABC1D23', 'mercosul', 'ABC1D23', 'ABC1D23'],
    ['bra2e19', 'mercosul', 'BRA2E19', 'BRA2E19'],
  ])('%s is a valid %s plate', (raw, kind, normal, shown) => {
    expect(plateKind(raw)).toBe(kind);
    expect(isValidPlate(raw)).toBe(true);
    expect(normalizePlate(raw)).toBe(normal);
    expect(formatPlate(raw)).toBe(shown);
  });

  it.each(['AB-1234', 'ABCD123', 'ABC12345', '1BC1234', 'ABC1DD3', 'ABC-12E4', '', 'ÁBC1234'])(
    '%s is refused',
    (raw) => {
      expect(isValidPlate(raw)).toBe(false);
    },
  );

  it('maps an old plate to its Mercosul form', () => {
    expect(mercosulOf('ABC-1234')).toBe('ABC1C34');
    expect(mercosulOf('XYZ-9000')).toBe('XYZ9A00');
    expect(mercosulOf('ABC1D23')).toBe('ABC1D23');
  });

  it('lists both forms of the same vehicle', () => {
    expect(plateVariants('ABC-1234').sort()).toEqual(['ABC1234', 'ABC1C34']);
    expect(plateVariants('ABC1C34').sort()).toEqual(['ABC1234', 'ABC1C34']);
    expect(plateVariants('ABC1Z34')).toEqual(['ABC1Z34']);
  });
});

describe('RENAVAM', () => {
  it('accepts numbers with the right check digit, padded or not', () => {
    expect(isValidRenavam('63963427901')).toBe(true);
    expect(isValidRenavam('639634273')).toBe(true);
    expect(isValidRenavam('12345678900')).toBe(true);
  });
  it('refuses a wrong check digit, letters and all zeros', () => {
    expect(isValidRenavam('63963427902')).toBe(false);
    expect(isValidRenavam('6396342790A')).toBe(false);
    expect(isValidRenavam('00000000000')).toBe(false);
    expect(isValidRenavam('123')).toBe(false);
  });
});

describe('vehicleBody', () => {
  const base = { placa: 'abc-1234', modelo: 'Strada', marca: 'Fiat', ano: 2022, odometro_km: 1000 };
  it('normalises the plate and fills defaults', () => {
    const v = vehicleBody.parse(base);
    expect(v.placa).toBe('ABC1234');
    expect(v.status).toBe('disponivel');
    expect(v.renavam).toBeNull();
  });
  it('explains an invalid plate in Portuguese', () => {
    const r = vehicleBody.safeParse({ ...base, placa: 'AB-12' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/Placa inválida.*ABC-1234.*ABC1D23/);
  });
  it('refuses negative odometer, bad dates and bad RENAVAM', () => {
    expect(vehicleBody.safeParse({ ...base, odometro_km: -1 }).success).toBe(false);
    expect(vehicleBody.safeParse({ ...base, seguro_vencimento: '2026-02-31' }).success).toBe(false);
    expect(vehicleBody.safeParse({ ...base, renavam: '63963427902' }).success).toBe(false);
  });
});

describe('maintenance rules', () => {
  it('preventive needs a planned date or km', () => {
    const r = maintenanceBody.safeParse({ tipo: 'preventiva', descricao: 'Troca de óleo' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/data prevista ou quilometragem/);
    expect(
      maintenanceBody.safeParse({
        tipo: 'preventiva',
        descricao: 'Troca de óleo',
        prevista_km: 50000,
      }).success,
    ).toBe(true);
    expect(maintenanceBody.safeParse({ tipo: 'corretiva', descricao: 'Freio' }).success).toBe(true);
  });

  it('is due by date or by km, whichever comes first', () => {
    const today = '2026-03-10';
    expect(maintenanceDueState({ prevista_data: '2026-03-09', prevista_km: null }, today, 0)).toBe(
      'vencido',
    );
    expect(maintenanceDueState({ prevista_data: '2026-03-15', prevista_km: null }, today, 0)).toBe(
      'proximo',
    );
    expect(
      maintenanceDueState({ prevista_data: '2026-05-01', prevista_km: null }, today, 0),
    ).toBeNull();
    expect(maintenanceDueState({ prevista_data: null, prevista_km: 50000 }, today, 50000)).toBe(
      'vencido',
    );
    expect(maintenanceDueState({ prevista_data: null, prevista_km: 50000 }, today, 49600)).toBe(
      'proximo',
    );
    expect(
      maintenanceDueState({ prevista_data: null, prevista_km: 50000 }, today, 40000),
    ).toBeNull();
    expect(
      maintenanceDueState({ prevista_data: '2026-05-01', prevista_km: 50000 }, today, 50100),
    ).toBe('vencido');
  });
});

describe('dueState', () => {
  it('is vencido after the date, proximo within the window', () => {
    expect(dueState('2026-01-01', '2026-01-02', 30)).toBe('vencido');
    expect(dueState('2026-01-02', '2026-01-02', 30)).toBe('proximo');
    expect(dueState('2026-02-01', '2026-01-02', 30)).toBe('proximo');
    expect(dueState('2026-02-02', '2026-01-02', 30)).toBeNull();
    expect(dueState(null, '2026-01-02', 30)).toBeNull();
  });
});

describe('fuelBody', () => {
  it('needs positive liters and value', () => {
    const ok = {
      data: '2026-03-01',
      combustivel: 'diesel',
      litros: 40.5,
      valor_total: 250.9,
      km: 1000,
    };
    expect(fuelBody.safeParse(ok).success).toBe(true);
    expect(fuelBody.safeParse({ ...ok, litros: 0 }).success).toBe(false);
    expect(fuelBody.safeParse({ ...ok, valor_total: 0 }).success).toBe(false);
    expect(fuelBody.safeParse({ ...ok, valor_total: 10.123 }).success).toBe(false);
  });
});
