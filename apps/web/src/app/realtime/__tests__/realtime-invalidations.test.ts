import { describe, expect, it } from 'vitest';

import { invalidationsFor } from '../realtime-invalidations.ts';

describe('invalidationsFor', () => {
  it('refreshes the bell on notification events', () => {
    expect(invalidationsFor('notification')).toEqual([['notifications']]);
    expect(invalidationsFor('notification.read')).toEqual([['notifications']]);
  });

  it('refreshes contacts, messages and the menu badge on chat events', () => {
    expect(invalidationsFor('chat.message')).toEqual([['chat']]);
    expect(invalidationsFor('chat.read')).toEqual([['chat']]);
    expect(invalidationsFor('contract-chat.message')).toEqual([['contract-chat']]);
  });

  it('refreshes boards, demand and task queries by prefix on work changes', () => {
    for (const type of ['mural.changed', 'protocol.changed', 'murals.moved']) {
      const keys = invalidationsFor(type);
      expect(keys).toContainEqual(['murals']);
      expect(keys).toContainEqual(['protocols']);
      expect(keys).toContainEqual(['boards']);
      expect(keys).toContainEqual(['reviews']);
      // the contracts overview counts demands per stage, late and concluded
      expect(keys).toContainEqual(['contracts', 'list']);
    }
    expect(invalidationsFor('reviews.changed')).toEqual([['reviews']]);
  });

  it('refreshes any other area by the name it publishes under', () => {
    expect(invalidationsFor('agenda.changed')).toEqual([['agenda'], ['agendas']]);
    expect(invalidationsFor('requests.changed')).toEqual([['requests'], ['request']]);
    expect(invalidationsFor('hello')).toEqual([]);
  });
});
