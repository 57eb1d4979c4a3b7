import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('cache budgets', () => {
  it('keeps 8 MiB of summaries and summary cards, 12 of views, 16 of demand pages, 8 of bells by default', () => {
    const c = loadConfig({});
    expect([
      c.CACHE_SUMMARY_MB,
      c.CACHE_SUMMARY_CARDS_MB,
      c.CACHE_USER_VIEWS_MB,
      c.CACHE_DEMAND_PAGE_MB,
      c.CACHE_NOTIFICATIONS_MB,
    ]).toEqual([8, 8, 12, 16, 8]);
  });

  it('reads each budget in MiB; 0 turns that cache off', () => {
    const c = loadConfig({
      CACHE_SUMMARY_CARDS_MB: '4',
      CACHE_SUMMARY_MB: '64',
      CACHE_DEMAND_PAGE_MB: '0',
      CACHE_NOTIFICATIONS_MB: '2',
      CACHE_USER_VIEWS_MB: '1',
    });
    expect([
      c.CACHE_SUMMARY_MB,
      c.CACHE_SUMMARY_CARDS_MB,
      c.CACHE_DEMAND_PAGE_MB,
      c.CACHE_NOTIFICATIONS_MB,
      c.CACHE_USER_VIEWS_MB,
    ]).toEqual([64, 4, 0, 2, 1]);
  });

  it('refuses a budget that is not a whole number of MiB from 0 to 1024, in Portuguese', () => {
    for (const bad of ['-1', '1.5', '2048', 'muito', '16MB']) {
      expect(() => loadConfig({ CACHE_SUMMARY_MB: bad })).toThrow(
        /CACHE_SUMMARY_MB: use um número inteiro de MiB entre 0 e 1024/,
      );
    }
    expect(() => loadConfig({ CACHE_NOTIFICATIONS_MB: '9999' })).toThrow(
      /CACHE_NOTIFICATIONS_MB: use um número inteiro de MiB/,
    );
    expect(() => loadConfig({ CACHE_USER_VIEWS_MB: '0x10' })).toThrow(
      /CACHE_USER_VIEWS_MB: use um número inteiro de MiB/,
    );
  });
});
