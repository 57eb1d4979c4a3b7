import { RT_EVENTS, type RealtimeEventType } from '@eproto/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { applyChange, applyChanges, effectsOf } from '../change-effects.ts';

/** Which of these cached keys a change marks stale. */
function staleAfter(change: Parameters<typeof applyChange>[1], keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 1);
  applyChange(client, change);
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('change effects: the one map of what a change touches', () => {
  it('has a row for every push event type', () => {
    for (const type of Object.values(RT_EVENTS) as RealtimeEventType[]) {
      expect(() => effectsOf({ type })).not.toThrow();
    }
    expect(effectsOf({ type: RT_EVENTS.hello })).toEqual([]);
  });

  it('refreshes the bell, the chat and the OS lists with the agenda', () => {
    const keys = [
      ['notifications', 'latest'],
      ['chat', 'unread'],
      ['service-orders', 'list', {}],
      ['agenda', 'mine'],
      ['murals', 'summary'],
      ['inventory', 'picker'],
      ['inventory', 'list'],
    ];
    expect(staleAfter({ type: RT_EVENTS.notification }, keys)).toEqual([keys[0]]);
    expect(staleAfter({ type: RT_EVENTS.chatMessage }, keys)).toEqual([keys[1]]);
    // The OS list and Minha agenda are patched from their cursors (change-patches.ts).
    expect(staleAfter({ type: RT_EVENTS.serviceOrderChanged, id: 4 }, keys)).toEqual([keys[5]]);
  });

  it('an OS step: its own page and agenda entry; other OSs, types and the agenda pickers stay', () => {
    const keys = [
      ['service-orders', 'detail', 4],
      ['service-orders', 'detail', 4, 'messages'],
      ['service-orders', 'detail', 5],
      ['service-orders', 'list', { page: 1 }],
      ['service-orders', 'types'],
      ['agenda', 'entry', 9],
      ['agenda', 'list', { de: 'a', ate: 'b' }],
      ['agenda', 'mine', 'a', 'b'],
      ['agenda', 'activity-types'],
      ['agenda', 'demands', 3],
    ];
    expect(staleAfter({ type: RT_EVENTS.serviceOrderChanged, id: 4 }, keys)).toEqual([
      keys[0],
      keys[1],
      keys[5],
    ]);
    // The agenda's own change patches its lists from their cursors (change-patches.ts): the
    // page of an entry it names is read again, without names every entry's page.
    expect(staleAfter({ type: RT_EVENTS.agendaChanged, data: { ids: [9] } }, keys)).toEqual([
      keys[5],
    ]);
    expect(staleAfter({ type: RT_EVENTS.agendaChanged, data: { ids: [8] } }, keys)).toEqual([]);
    expect(staleAfter({ type: RT_EVENTS.agendaChanged }, keys)).toEqual([keys[5]]);
  });

  it("an OS's change with its version: the page, its thread and other entries are not read here", () => {
    const keys = [
      ['service-orders', 'detail', 4],
      ['service-orders', 'detail', 4, 'messages'],
      ['service-orders', 'detail', 4, 'attachments'],
      ['service-orders', 'detail', 4, 'history'],
      ['service-orders', 'detail', 4, 'mentionables'],
      ['service-orders', 'detail', 4, 'ativos'],
      ['agenda', 'entry', 9],
      ['agenda', 'entry', 8],
      ['inventory', 'picker', 'materiais'],
    ];
    const version = '2026-11-30T10:00:00.000Z';
    // The page is change-patches.ts's (read once unless it shows the version); its thread is
    // not moved by a step; who may be mentioned and its assets may be; its entry's page is read.
    expect(
      staleAfter(
        {
          type: RT_EVENTS.serviceOrderChanged,
          id: 4,
          version,
          data: { id: 4, status: 'em_execucao', agenda_entry_id: 9 },
        },
        keys,
      ),
    ).toEqual([keys[4], keys[5], keys[6], keys[8]]);
    // An OS without an agenda entry reads no entry page.
    expect(
      staleAfter(
        { type: RT_EVENTS.serviceOrderChanged, id: 4, version, data: { agenda_entry_id: null } },
        keys,
      ),
    ).toEqual([keys[4], keys[5], keys[8]]);
    // A message of its thread: that thread's parts only, not the OS, its entry nor the stock.
    expect(
      staleAfter(
        { type: RT_EVENTS.serviceOrderChanged, id: 4, data: { id: 4, part: 'messages' } },
        keys,
      ),
    ).toEqual([keys[1], keys[2], keys[3], keys[4]]);
  });

  it("an agenda write's own entry (id and version) is left to its patch; the others it names are read", () => {
    const keys = [
      ['agenda', 'entry', 9],
      ['agenda', 'entry', 8],
      ['agenda', 'entry', 7],
    ];
    const change = {
      type: RT_EVENTS.agendaChanged,
      id: 9,
      version: '2026-11-30T10:00:00.000Z',
      data: { ids: [9, 8] },
    };
    expect(staleAfter(change, keys)).toEqual([keys[1]]);
  });

  it('the changes of one answer read a page they both touch once', () => {
    const client = new QueryClient();
    client.setQueryData(['agenda', 'entry', 9], 1);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyChanges(client, [
      { type: RT_EVENTS.serviceOrderChanged, id: 4, data: { agenda_entry_id: 9 } },
      { type: RT_EVENTS.agendaChanged, data: { ids: [9] } },
    ]);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(['agenda', 'entry', 9])?.isInvalidated).toBe(true);
  });

  it('a demand change: its page, the lists and the other views, not other demands nor counters', () => {
    const keys = [
      ['murals', 'detail', 7],
      ['murals', 'detail', 7, 'history'],
      ['murals', 'detail', 8],
      ['murals', 'summary', { page: 1 }],
      ['murals', 'counts', 'board', 2],
      ['contracts', 'list'],
      ['calendar', '2026-11'],
      ['gantt', 2],
      ['agenda', 'mine'],
    ];
    const stale = staleAfter({ type: RT_EVENTS.muralChanged, id: 7 }, keys);
    expect(stale).toContainEqual(['murals', 'detail', 7]);
    expect(stale).toContainEqual(['murals', 'detail', 7, 'history']);
    expect(stale).toContainEqual(['murals', 'summary', { page: 1 }]);
    expect(stale).toContainEqual(['contracts', 'list']);
    expect(stale).toContainEqual(['calendar', '2026-11']);
    expect(stale).toContainEqual(['gantt', 2]);
    expect(stale).not.toContainEqual(['murals', 'detail', 8]);
    expect(stale).not.toContainEqual(['murals', 'counts', 'board', 2]);
    expect(stale).not.toContainEqual(['agenda', 'mine']);
  });

  it('leaves boards and list pages to their patches when the change has a version, else reads them again', () => {
    const keys = [
      ['murals', 'board', 2],
      ['murals', 'summary', { page: 2, perPage: 25 }],
    ];
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7, version: 'v' }, keys)).toEqual([]);
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7 }, keys)).toEqual(keys);
    expect(staleAfter({ type: RT_EVENTS.protocolChanged, data: { mural_id: 7 } }, keys)).toEqual(
      [],
    );
  });

  it('reads the contracts overview again only for a demand change without version', () => {
    const keys = [
      ['contracts', 'list', '', null],
      ['contracts', 'links', 3],
      ['finance', 'list', { page: 1 }],
      ['contracts', 'pages', '', null],
    ];
    // A stage move with its version: the overview and the finance list are patched
    // (get-contract-changes.ts, get-finance-changes.ts); the /contracts screen's pages are read
    // again.
    const move = { type: RT_EVENTS.muralChanged, id: 7, version: 'v', data: { id: 7 } };
    expect(staleAfter(move, keys)).toEqual([keys[3]]);
    // A deleted demand (no version): read again.
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7 }, keys)).toEqual([
      keys[0],
      keys[2],
      keys[3],
    ]);
    // A part of a demand never moves its contract's counters, with or without version.
    for (const part of ['tasks', 'messages', 'files', 'participants']) {
      const change = { type: RT_EVENTS.muralChanged, id: 7, data: { id: 7, part } };
      expect(staleAfter(change, keys), part).toEqual([keys[2]]);
    }
    // A task's change: neither the contracts nor the finance list (demands, not tasks).
    const task = { type: RT_EVENTS.protocolChanged, version: 'v', data: { ids: [3], mural_id: 7 } };
    expect(staleAfter(task, keys)).toEqual([]);
    expect(staleAfter({ type: RT_EVENTS.protocolChanged, data: { mural_id: 7 } }, keys)).toEqual(
      [],
    );
  });

  it("a demand's change with a version leaves finance to its patch; without, reads it", () => {
    const keys = [
      ['finance', 'list', { page: 1, perPage: 25 }],
      ['finance', 'contador'],
      ['finance', 'item', 7],
      ['finance', 'item', 8],
    ];
    // The list's page and the demand's finance page: get-finance-changes.ts.
    const move = { type: RT_EVENTS.muralChanged, id: 7, version: 'v', data: { id: 7 } };
    expect(staleAfter(move, keys)).toEqual([]);
    // A deleted demand (no version) may leave a finance state: the counters too.
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7 }, keys)).toEqual([
      keys[0],
      keys[1],
      keys[2],
    ]);
    expect(staleAfter({ type: RT_EVENTS.financeChanged }, keys)).toEqual(keys);
    // A finance step with its version: the list, counters and item are patched.
    const step = { type: RT_EVENTS.financeChanged, id: 7, version: 'v', data: { id: 7 } };
    expect(staleAfter(step, keys)).toEqual([]);
  });

  it("a stage move leaves the review count and other series alone; a series' change does not", () => {
    const keys = [
      ['reviews', 'count'],
      ['reviews', 'list', {}],
      ['recurrence', 'bases', 2],
      ['recurrence', 'mural', 7],
      ['recurrence', 'mural', 8],
      ['recurrence', 'instances', 3],
    ];
    // The review queue's pages are patched (get-review-changes.ts); without a version, read.
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7, version: 'v' }, keys)).toEqual([
      keys[3],
      keys[5],
    ]);
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7 }, keys)).toContainEqual(keys[1]);
    const series = { type: RT_EVENTS.muralChanged, id: 7, data: { part: 'recurrence' } };
    expect(staleAfter(series, keys)).toEqual(keys.slice(1));
    expect(staleAfter({ type: RT_EVENTS.protocolChanged, data: { mural_id: 7 } }, keys)).toEqual(
      keys.slice(0, 2),
    );
  });

  it('a demand seen refetches nothing: its unread marks are patched (change-patches.ts)', () => {
    const keys = [
      ['murals', 'summary', { page: 1 }],
      ['murals', 'board', 2],
      ['murals', 'counts', 'board', 2],
      ['murals', 'detail', 7],
    ];
    expect(effectsOf({ type: RT_EVENTS.muralViewed, id: 7 })).toEqual([]);
    expect(staleAfter({ type: RT_EVENTS.muralViewed, id: 7, data: { id: 7 } }, keys)).toEqual([]);
  });

  it('a part of a demand (tasks, messages, files) also refreshes the counters', () => {
    const keys = [['murals', 'counts', 'board', 2]];
    const change = { type: RT_EVENTS.muralChanged, id: 7, data: { id: 7, part: 'tasks' } };
    expect(staleAfter(change, keys)).toEqual(keys);
  });

  it('leaves task list pages to their patch when tasks changed with a version', () => {
    const keys = [
      ['protocols', 'list', { page: 1 }],
      ['protocols', 'detail', 3],
    ];
    const task = { type: RT_EVENTS.protocolChanged, version: 'v', data: { ids: [3], mural_id: 7 } };
    expect(staleAfter(task, keys)).toEqual([keys[1]]);
    const itsDemand = {
      type: RT_EVENTS.muralChanged,
      id: 7,
      version: 'v',
      data: { part: 'tasks' },
    };
    expect(staleAfter(itsDemand, keys)).toEqual([keys[1]]);
    // A deleted task has no version; a demand renamed shows on every row of its tasks.
    expect(staleAfter({ type: RT_EVENTS.protocolChanged, data: { ids: [3] } }, keys)).toEqual(keys);
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7, version: 'v' }, keys)).toEqual(keys);
  });

  it('a task change refreshes its demand page by data.mural_id', () => {
    const keys = [
      ['murals', 'detail', 7, 'tasks'],
      ['murals', 'detail', 9],
      ['protocols', 3],
    ];
    const change = { type: RT_EVENTS.protocolChanged, data: { ids: [3], mural_id: 7 } };
    expect(staleAfter(change, keys)).toEqual([keys[0], keys[2]]);
  });

  it("leaves a demand's tasks tab to its patch when its tasks changed with a version", () => {
    const keys = [
      ['murals', 'detail', 7, 'tasks'],
      ['murals', 'detail', 7],
      ['murals', 'detail', 7, 'history'],
    ];
    const task = { type: RT_EVENTS.protocolChanged, version: 'v', data: { ids: [3], mural_id: 7 } };
    expect(staleAfter(task, keys)).toEqual(keys.slice(1));
    const itsDemand = {
      type: RT_EVENTS.muralChanged,
      id: 7,
      version: 'v',
      data: { part: 'tasks' },
    };
    expect(staleAfter(itsDemand, keys)).toEqual(keys.slice(1));
    // A deleted task (no version) reads the tab again.
    const deleted = { type: RT_EVENTS.protocolChanged, data: { ids: [3], mural_id: 7 } };
    expect(staleAfter(deleted, keys)).toEqual(keys);
  });

  it('a read carrying its unread count is patched; one without it reads the bell again', () => {
    const keys = [['notifications', 'latest']];
    const read = { type: RT_EVENTS.notificationRead, data: { id: 3, read_at: 'x', unread: 2 } };
    expect(staleAfter(read, keys)).toEqual([]);
    expect(staleAfter({ type: RT_EVENTS.notificationRead }, keys)).toEqual(keys);
  });

  it('leaves the feed to its patch (what came since its cursor) on demand and task changes', () => {
    const keys = [['feed']];
    expect(staleAfter({ type: RT_EVENTS.muralChanged, id: 7 }, keys)).toEqual([]);
    expect(staleAfter({ type: RT_EVENTS.protocolChanged, data: { mural_id: 7 } }, keys)).toEqual(
      [],
    );
  });
});
