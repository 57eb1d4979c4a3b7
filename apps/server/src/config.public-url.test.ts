import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('PUBLIC_URL', () => {
  it('is required in production, with a message in Portuguese and English', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: obrigatória em produção.+required in production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://os.exemplo.com.br' }).publicUrl,
    ).toBe('https://os.exemplo.com.br');
  });

  it('keeps a default in development and tests', () => {
    expect(loadConfig({ NODE_ENV: 'development', PORT: '3100' }).publicUrl).toBe(
      'http://localhost:3100',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).publicUrl).toBe('http://localhost:3000');
  });
});

describe('OS_REPORT_LINK_DAYS', () => {
  it('is 30 days unless set, in whole days from 1 to 3650', () => {
    expect(loadConfig({}).OS_REPORT_LINK_DAYS).toBe(30);
    expect(loadConfig({ OS_REPORT_LINK_DAYS: '7' }).OS_REPORT_LINK_DAYS).toBe(7);
    expect(loadConfig({ OS_REPORT_LINK_DAYS: '3650' }).OS_REPORT_LINK_DAYS).toBe(3650);
    for (const bad of ['0', '3651', '0x10', '1e2', ' 7', '-1', '2147483648']) {
      expect(() => loadConfig({ OS_REPORT_LINK_DAYS: bad }), bad).toThrow(/OS_REPORT_LINK_DAYS/);
    }
  });
});
