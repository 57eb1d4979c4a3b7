import { describe, expect, it } from 'vitest';
import {
  monthsBetween,
  plannedBurn,
  rateOn,
  sumContractCost,
  type RateIn,
} from './cost.compute.ts';

// Hand-computed fixture (every figure below was worked out on paper, docs/planning-cost.md).
const RATES: RateIn[] = [
  { funcao: 'equipe', userId: null, valorHora: 50, vigenteDesde: '2026-01-01' },
  { funcao: 'equipe', userId: null, valorHora: 60, vigenteDesde: '2026-11-01' },
  { funcao: null, userId: 7, valorHora: 85.5, vigenteDesde: '2026-10-15' },
];

describe('rateOn', () => {
  it('takes the person rate over the function rate, each from its day on', () => {
    expect(rateOn(RATES, 7, 'equipe', '2026-10-14')).toBe(50); // person rate not yet in force
    expect(rateOn(RATES, 7, 'equipe', '2026-10-15')).toBe(85.5);
    expect(rateOn(RATES, 7, 'equipe', '2026-12-01')).toBe(85.5); // person wins over the new 60
    expect(rateOn(RATES, 5, 'equipe', '2026-10-31')).toBe(50);
    expect(rateOn(RATES, 5, 'equipe', '2026-11-01')).toBe(60); // a change does not rewrite October
    expect(rateOn(RATES, 9, 'coordenador', '2026-11-01')).toBeNull();
    expect(rateOn(RATES, 5, 'equipe', '2025-12-31')).toBeNull();
  });
});

describe('sumContractCost', () => {
  const sums = sumContractCost({
    months: ['2026-10', '2026-11'],
    rates: RATES,
    roles: new Map([
      [5, 'equipe'],
      [7, 'equipe'],
      [9, 'coordenador'],
    ]),
    hours: [
      { userId: 5, dia: '2026-10-14', minutos: 90 }, // 1,5 h × 50,00 = 75,00
      { userId: 5, dia: '2026-11-03', minutos: 120 }, // 2 h × 60,00 = 120,00
      { userId: 7, dia: '2026-10-14', minutos: 60 }, // 1 h × 50,00 = 50,00
      { userId: 7, dia: '2026-10-16', minutos: 100 }, // 100/60 h × 85,50 = 142,50
      { userId: 7, dia: '2026-11-10', minutos: 240 }, // week not approved: pending
      { userId: 9, dia: '2026-11-03', minutos: 30 }, // no rate: 0, counted apart
      { userId: 5, dia: '2026-09-30', minutos: 600 }, // outside the months
    ],
    approvedWeeks: new Set(['5:2026-10-12', '7:2026-10-12', '5:2026-11-02', '9:2026-11-02']),
    materials: [
      { dia: '2026-10-20', quantidade: 3, custoUnitario: 12.35 }, // 37,05
      { dia: '2026-11-05', quantidade: 2, custoUnitario: null }, // no cost: 0, counted apart
      { dia: '2026-11-05', quantidade: 1, custoUnitario: 100 }, // 100,00
    ],
    fuel: [
      { dia: '2026-10-21', valor: 250 }, // 250,00
      { dia: '2026-11-06', valor: 100, partes: 3 }, // vehicle on 3 contracts that day: 33,33
    ],
    maintenance: [{ dia: '2026-11-07', valor: 450, partes: 2 }], // 225,00
    epi: [
      { dia: '2026-10-02', quantidade: 2, custoUnitario: 39.9, partes: 2 }, // 79,80 / 2 = 39,90
      { dia: '2026-11-12', quantidade: 1, custoUnitario: 25 }, // 25,00
    ],
  });

  it('sums each month by kind, in cents', () => {
    expect(sums.months).toEqual([
      {
        mes: '2026-10',
        mao_de_obra: 267.5,
        materiais: 37.05,
        combustivel: 250,
        manutencao: 0,
        epi: 39.9,
        total: 594.45,
        acumulado: 594.45,
        minutos_aprovados: 250,
      },
      {
        mes: '2026-11',
        mao_de_obra: 120,
        materiais: 100,
        combustivel: 33.33,
        manutencao: 225,
        epi: 25,
        total: 503.33,
        acumulado: 1097.78,
        minutos_aprovados: 150,
      },
    ]);
  });

  it('totals the period and says what it left out', () => {
    expect(sums.totals).toEqual({
      mao_de_obra: 387.5,
      materiais: 137.05,
      combustivel: 283.33,
      manutencao: 225,
      epi: 64.9,
      total: 1097.78,
    });
    expect(sums.minutosAprovados).toBe(400);
    expect(sums.minutosPendentes).toBe(240);
    expect(sums.minutosSemTaxa).toBe(30);
    expect(sums.itensSemCusto).toBe(1);
  });

  it('gives each person their approved hours and cost, the dearest first', () => {
    expect(sums.people).toEqual([
      { userId: 5, funcao: 'equipe', minutos: 210, minutos_sem_taxa: 0, custo: 195 },
      { userId: 7, funcao: 'equipe', minutos: 160, minutos_sem_taxa: 0, custo: 192.5 },
      { userId: 9, funcao: 'coordenador', minutos: 30, minutos_sem_taxa: 30, custo: 0 },
    ]);
  });
});

describe('months and planned burn', () => {
  it('lists months across a year end', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
  });

  it('spreads the budget evenly over the term', () => {
    // R$ 1.000,00 over Nov–Jan (3 months): 333,33 / 666,67 / 1.000,00; before the term 0.
    expect(
      plannedBurn(['2026-10', '2026-11', '2026-12', '2027-01'], 1000, '2026-11-10', '2027-01-31'),
    ).toEqual([0, 333.33, 666.67, 1000]);
    expect(plannedBurn(['2026-11'], null, '2026-11-01', '2026-12-01')).toEqual([null]);
  });
});
