import { describe, expect, it } from 'vitest';

import { dayKey, dayLabel, previewTime, timeOf } from '../utils/chat-dates.ts';
import { formatFileSize } from '../utils/file-size.ts';
import { mentionQueryAt, mentionSegments } from '../../../lib/mentions.ts';
import { appendToNewestPage, flattenPages, removeFromPages } from '../utils/message-pages.ts';
import { matchesSearch, previewText } from '../utils/previews.ts';

const pages = (...lists: number[][]) => ({
  pages: lists.map((ids) => ({ items: ids.map((id) => ({ id })), hasMore: true })),
  pageParams: lists.map(() => undefined),
});

describe('message pages', () => {
  it('lists every loaded message oldest first, once each', () => {
    expect(flattenPages(pages([5, 6], [3, 4], [1, 2, 3])).map((m) => m.id)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });

  it('appends to the newest page replacing a copy, and removes by id', () => {
    const data = appendToNewestPage(pages([5, 6], [3, 4]), { id: 6 });
    expect(data!.pages[0]!.items.map((m) => m.id)).toEqual([5, 6]);
    const more = appendToNewestPage(data, { id: 7 });
    expect(flattenPages(more).map((m) => m.id)).toEqual([3, 4, 5, 6, 7]);
    expect(flattenPages(removeFromPages(more, 5)).map((m) => m.id)).toEqual([3, 4, 6, 7]);
    expect(appendToNewestPage(undefined, { id: 1 })).toBeUndefined();
  });
});

describe('chat dates (company time zone)', () => {
  const now = new Date('2026-03-10T15:00:00Z'); // 12:00 in São Paulo

  it('labels day separators Hoje, Ontem, the weekday, else dd/mm/aaaa', () => {
    expect(dayLabel('2026-03-10', now)).toBe('Hoje');
    expect(dayLabel('2026-03-09', now)).toBe('Ontem');
    expect(dayLabel('2026-03-06', now)).toBe('Sexta-feira');
    expect(dayLabel('2026-02-20', now)).toBe('20/02/2026');
  });

  it('uses São Paulo time for the day and the hour', () => {
    expect(dayKey('2026-03-11T01:30:00Z')).toBe('2026-03-10');
    expect(timeOf('2026-03-11T01:30:00Z')).toBe('22:30');
    expect(previewTime('2026-03-10T13:05:00Z', now)).toBe('10:05');
    expect(previewTime('2026-03-09T13:05:00Z', now)).toBe('Ontem');
    expect(previewTime('2026-03-01T13:05:00Z', now)).toBe('01/03/2026');
  });
});

describe('mentions', () => {
  it('highlights known full names, ignoring accents and case', () => {
    expect(mentionSegments('Oi @joão pereira, tudo bem?', ['João Pereira'])).toEqual([
      { text: 'Oi ', mention: false },
      { text: '@joão pereira', mention: true },
      { text: ', tudo bem?', mention: false },
    ]);
    expect(mentionSegments('e-mail a@b.com', ['João Pereira'])).toEqual([
      { text: 'e-mail a@b.com', mention: false },
    ]);
  });

  it('finds the "@query" being typed before the caret', () => {
    expect(mentionQueryAt('Oi @Jo', 6)).toEqual({ start: 3, query: 'Jo' });
    expect(mentionQueryAt('email a@b', 9)).toBeNull();
    expect(mentionQueryAt('sem arroba', 10)).toBeNull();
  });
});

describe('list helpers', () => {
  it('previews the last message, files by name, own ones with Você', () => {
    const base = {
      content: 'Bom dia',
      fileName: null,
      createdAt: '',
      fromMe: false,
      senderNome: 'Ana Souza',
    };
    expect(previewText(base)).toBe('Bom dia');
    expect(previewText({ ...base, fromMe: true })).toBe('Você: Bom dia');
    expect(previewText(base, true)).toBe('Ana: Bom dia');
    expect(previewText({ ...base, content: '', fileName: 'planta.pdf' })).toBe(
      'Arquivo: planta.pdf',
    );
    expect(previewText(null)).toBeUndefined();
  });

  it('searches every word without accents', () => {
    expect(matchesSearch('joao per', 'João Pereira')).toBe(true);
    expect(matchesSearch('ana', 'João Pereira', 'joao@x.y')).toBe(false);
    expect(matchesSearch('', 'x')).toBe(true);
  });

  it('formats file sizes in pt-BR', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(1_258_291)).toBe('1,2 MB');
  });
});
