import { can } from '@eproto/domain';
import { describe, expect, it } from 'vitest';
import { subjectOf } from '../permission-subject.ts';

describe('subjectOf', () => {
  it('reads a title as its role, so a CEO releases SST like diretoria', () => {
    const ceo = { id: 7, type: 'diretoria', rawType: 'CEO' };
    expect(subjectOf(ceo)).toEqual({ id: 7, type: 'diretoria' });
    expect(can(subjectOf(ceo), 'sst.override')).toBe(true);
  });

  it('gives nobody signed in no office permission', () => {
    expect(subjectOf(null)).toBe('equipe');
    expect(can(subjectOf(null), 'os.manage')).toBe(false);
    expect(can(subjectOf(undefined), 'demands.manage')).toBe(false);
  });

  it("keeps the id for rules about the person's own records", () => {
    const worker = { id: 12, type: 'equipe', rawType: 'equipe' };
    expect(can(subjectOf(worker), 'aso.health.read', { ownerId: 12 })).toBe(true);
    expect(can(subjectOf(worker), 'aso.health.read', { ownerId: 13 })).toBe(false);
  });
});
