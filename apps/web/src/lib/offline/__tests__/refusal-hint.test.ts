// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { refusalHint } from '../refusal-hint.ts';

describe('refusalHint', () => {
  it('an OS step refused because the OS changed speaks of the OS', () => {
    expect(refusalHint(409, 'os.step')).toMatch(/^A OS mudou enquanto você estava sem conexão/);
    expect(refusalHint(400, 'os.step')).toMatch(/estoque insuficiente/);
  });

  it('other writes, and OS statuses without their own words, keep the general hint', () => {
    expect(refusalHint(409, 'agenda.status')).toMatch(/o agendamento foi cancelado/);
    expect(refusalHint(409)).toMatch(/o agendamento foi cancelado/);
    expect(refusalHint(404, 'os.step')).toMatch(/não existe mais/);
  });
});
