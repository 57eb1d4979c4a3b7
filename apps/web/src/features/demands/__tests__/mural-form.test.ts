import type { Mural } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { changedFields, initialValues } from '../utils/mural-form.ts';

const mural = {
  id: 1,
  titulo: 'Troca de disjuntores',
  descricao: 'Bloco B',
  board_id: 1,
  contract_id: 2,
  prioridade: 'media',
  stage: 'a_fazer',
  responsavel_id: 8,
  inicio_previsto: '2026-11-10',
  fim_previsto: '2026-11-20',
  inicio_real: null,
  fim_real: null,
} as Mural;

describe('demand form', () => {
  it('starts from the demand (edit) or from the board and stage (create)', () => {
    expect(initialValues(mural, null, 'a_fazer')).toMatchObject({
      titulo: 'Troca de disjuntores',
      board_id: 1,
    });
    expect(initialValues(null, 4, 'em_revisao')).toMatchObject({
      titulo: '',
      board_id: 4,
      stage: 'em_revisao',
      prioridade: 'media',
    });
  });

  it('sends only what changed', () => {
    const v = initialValues(mural, null, 'a_fazer');
    expect(changedFields(mural, v)).toEqual({});
    expect(
      changedFields(mural, { ...v, prioridade: 'urgente', fim_previsto: '2026-11-30' }),
    ).toEqual({
      prioridade: 'urgente',
      fim_previsto: '2026-11-30',
    });
  });

  it('sends null to clear a field, never to clear the title', () => {
    const v = initialValues(mural, null, 'a_fazer');
    expect(
      changedFields(mural, { ...v, descricao: '   ', responsavel_id: null, contract_id: null }),
    ).toEqual({
      descricao: null,
      responsavel_id: null,
      contract_id: null,
    });
    expect(changedFields(mural, { ...v, titulo: ' ' })).toEqual({});
    expect(changedFields(mural, { ...v, titulo: ' Novo título ' })).toEqual({
      titulo: 'Novo título',
    });
  });
});
