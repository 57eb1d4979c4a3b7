import { describe, expect, it } from 'vitest';
import {
  OS_ACTIONS,
  OS_CANCELLED_REFUSAL,
  OS_SEALED_REFUSAL,
  osActionRefusal,
  osAnswerRefusal,
} from './service-orders-rules.ts';

describe('osActionRefusal', () => {
  it('refuses every step on a cancelled or concluded OS with the one shared message', () => {
    for (const action of OS_ACTIONS) {
      expect(osActionRefusal('cancelada', action)).toBe(OS_CANCELLED_REFUSAL);
      expect(osActionRefusal('concluida', action)).toBe(OS_SEALED_REFUSAL);
    }
  });

  it('allows the moves a visit goes through', () => {
    expect(osActionRefusal('aberta', 'a_caminho')).toBeNull();
    expect(osActionRefusal('em_execucao', 'check_in')).toBe('O check-in desta OS já foi feito.');
  });
});

describe('osAnswerRefusal', () => {
  it('refuses checklist answers before the check-in, the same words on phone and server', () => {
    expect(osAnswerRefusal('aberta')).toBe('Faça o check-in antes de responder o checklist.');
    expect(osAnswerRefusal('em_deslocamento')).toBe(
      'Faça o check-in antes de responder o checklist.',
    );
    expect(osAnswerRefusal('em_execucao')).toBeNull();
    expect(osAnswerRefusal('pausada')).toBeNull();
  });
});
