import { describe, expect, it } from 'vitest';

import { createNdjsonParser } from '../utils/ndjson.ts';
import { parseInline, parseRichText, safeHref, tidyPartial } from '../utils/rich-text.ts';

describe('parseInline', () => {
  it('reads bold, italic, code and links, bold around a link', () => {
    expect(parseInline('**[#12 Troca](/eproto/murals/12)** e *nota* com `x` e _ênfase_')).toEqual([
      {
        type: 'bold',
        children: [
          {
            type: 'link',
            href: '/eproto/murals/12',
            external: false,
            children: [{ type: 'text', text: '#12 Troca' }],
          },
        ],
      },
      { type: 'text', text: ' e ' },
      { type: 'italic', children: [{ type: 'text', text: 'nota' }] },
      { type: 'text', text: ' com ' },
      { type: 'code', text: 'x' },
      { type: 'text', text: ' e ' },
      { type: 'italic', children: [{ type: 'text', text: 'ênfase' }] },
    ]);
  });

  it('keeps unsafe links as plain text', () => {
    expect(parseInline('[clique](javascript:alert(1))').every((t) => t.type === 'text')).toBe(true);
    expect(parseInline('[x](//evil.example/a)')).toEqual([{ type: 'text', text: 'x' }]);
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });

  it('does not read snake_case or multiplication as italic', () => {
    expect(parseInline('campo fim_previsto e 2 * 3 * 4')).toEqual([
      { type: 'text', text: 'campo fim_previsto e 2 * 3 * 4' },
    ]);
  });
});

describe('safeHref', () => {
  it('accepts app paths and http(s) only', () => {
    expect(safeHref('/tatico/agenda')).toEqual({ href: '/tatico/agenda', external: false });
    expect(safeHref('https://exemplo.com.br/a')).toEqual({
      href: 'https://exemplo.com.br/a',
      external: true,
    });
    expect(safeHref('data:text/html,oi')).toBeNull();
    expect(safeHref('mailto:a@b.c')).toBeNull();
  });
});

describe('parseRichText', () => {
  it('splits paragraphs, headings and lists', () => {
    const blocks = parseRichText(
      '**2 demandas atrasadas:**\n- [#1 A](/eproto/murals/1) — prazo\n- B\n\n## Tarefas\n1. um\n2. dois\nfim\nlinha 2',
    );
    expect(blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'list',
      'heading',
      'list',
      'paragraph',
    ]);
    const list = blocks[1] as Extract<(typeof blocks)[number], { type: 'list' }>;
    expect(list.ordered).toBe(false);
    expect(list.items).toHaveLength(2);
    const ordered = blocks[3] as typeof list;
    expect(ordered).toMatchObject({ ordered: true, start: 1 });
    expect(
      (blocks[4] as Extract<(typeof blocks)[number], { type: 'paragraph' }>).lines,
    ).toHaveLength(2);
  });
});

describe('createNdjsonParser', () => {
  it('parses lines split across chunks and skips broken ones', () => {
    const seen: unknown[] = [];
    const p = createNdjsonParser((x) => seen.push(x));
    const bytes = new TextEncoder().encode('{"a":1}\n{"b":"ç');
    p.push(bytes.slice(0, 5));
    p.push(bytes.slice(5));
    p.push('ã"}\nnão é json\n\n{"c":3}');
    p.end();
    expect(seen).toEqual([{ a: 1 }, { b: 'çã' }, { c: 3 }]);
  });
});

describe('tidyPartial', () => {
  it('hides half-received link syntax and closes an open bold', () => {
    expect(tidyPartial('- [#43 Vistoria d')).toBe('- #43 Vistoria d');
    expect(tidyPartial('- [#43 Vistoria](/eproto/mur')).toBe('- #43 Vistoria');
    expect(tidyPartial('**10 demandas atra')).toBe('**10 demandas atra**');
    expect(tidyPartial('**ok** e [#1 A](/eproto/murals/1)')).toBe(
      '**ok** e [#1 A](/eproto/murals/1)',
    );
  });
});
