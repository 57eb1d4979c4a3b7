import { describe, expect, it } from 'vitest';

import type { RecurrenceDraft } from '../utils/recurrence-draft.ts';
import {
  draftToBody,
  draftToValues,
  initialDraft,
  recurrenceFormSchema,
} from '../utils/recurrence-draft.ts';

/** Field → message of what the form's check refuses in a draft. */
function draftErrors(d: RecurrenceDraft): Record<string, string> {
  const r = recurrenceFormSchema.safeParse(draftToValues(7, d));
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe('recurrence form draft', () => {
  it('starts weekly on the weekday of the demand, with its day of month ready', () => {
    // 2026-03-05 is a Thursday.
    expect(initialDraft('2026-03-05')).toMatchObject({
      frequencia: 'semanal',
      dias_semana: [4],
      dia_mes: 5,
      fim: 'nunca',
    });
  });

  it("explains what is missing in Portuguese, with the domain's messages", () => {
    const d = { ...initialDraft('2026-03-05'), dias_semana: [] };
    expect(draftErrors(d).dias_semana).toBe('Escolha pelo menos um dia da semana.');
    const late = { ...initialDraft('2026-03-05'), fim: 'data' as const, ate: '2026-03-01' };
    expect(draftErrors(late).ate).toBe('A data final deve ser igual ou posterior ao início.');
    expect(draftErrors({ ...late, ate: null }).ate).toBe('Informe a data final.');
    expect(draftErrors({ ...initialDraft('2026-03-05'), data_inicio: '' }).data_inicio).toBe(
      'Informe a data da primeira ocorrência.',
    );
    expect(draftErrors(initialDraft('2026-03-05'))).toEqual({});
    // An end not chosen is neither checked nor sent: a count typed before switching to "Em".
    const switched = { ...late, ate: '2026-04-01', ocorrencias: 0 };
    expect(draftErrors(switched)).toEqual({});
  });

  it('sends only the fields of the chosen frequency and end', () => {
    const monthly = { ...initialDraft('2026-01-31'), frequencia: 'mensal' as const };
    expect(draftToBody(7, monthly)).toEqual({
      mural_id: 7,
      frequencia: 'mensal',
      intervalo: 1,
      dia_mes: 31,
      data_inicio: '2026-01-31',
      ate: null,
      ocorrencias: null,
    });
    const counted = { ...initialDraft('2026-03-05'), fim: 'ocorrencias' as const, ocorrencias: 6 };
    expect(draftToBody(7, counted)).toMatchObject({
      dias_semana: [4],
      ocorrencias: 6,
      ate: null,
    });
  });
});
