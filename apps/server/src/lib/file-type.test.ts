import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FILES_MESSAGE,
  acceptedFileType,
  attachmentDisposition,
  safeFileName,
  sniffFileType,
} from './file-type.ts';

const b = (...bytes: number[]) => Buffer.from(bytes);

describe('sniffFileType', () => {
  it('recognises images, PDF and Office files by their bytes, not their names', () => {
    expect(sniffFileType(b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'x.pdf')?.mime).toBe(
      'image/png',
    );
    expect(sniffFileType(b(0xff, 0xd8, 0xff, 0xe0), 'foto.png')?.mime).toBe('image/jpeg');
    expect(sniffFileType(Buffer.from('%PDF-1.7\n...'), 'a.txt')?.mime).toBe('application/pdf');
    const zip = b(0x50, 0x4b, 0x03, 0x04, 0, 0);
    expect(sniffFileType(zip, 'planilha.xlsx')?.ext).toBe('xlsx');
    expect(sniffFileType(zip, 'pacote.bin')?.mime).toBe('application/zip');
  });

  it('accepts UTF-8 text and refuses executables and unknown binaries', () => {
    expect(sniffFileType(Buffer.from('ponto;endereço\n1;Rua A\n'), 'dados.csv')?.mime).toBe(
      'text/csv',
    );
    expect(sniffFileType(Buffer.from('<script>alert(1)</script>'), 'pagina.html')?.mime).toBe(
      'text/plain',
    );
    expect(sniffFileType(b(0x4d, 0x5a, 0x90, 0x00), 'setup.pdf')).toBeNull();
    expect(sniffFileType(b(0x7f, 0x45, 0x4c, 0x46, 2, 1), 'a.txt')).toBeNull();
    expect(
      sniffFileType(b(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'virus.exe'),
    ).toBeNull();
  });
});

describe('file names', () => {
  it('keeps the base name without paths or control characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\fotos\\obra "1".png')).toBe('obra _1_.png');
    expect(safeFileName('')).toBe('arquivo');
  });

  it('removes NUL, control and bidirectional characters that disguise a name', () => {
    expect(safeFileName('fatura\u202Efdp.exe')).toBe('faturafdp.exe');
    expect(safeFileName('a\u0000b\u0007c\u009bd\u200Be\u2066f\uFEFF.txt')).toBe('abcdef.txt');
    expect(safeFileName('\u202E\u0000')).toBe('arquivo');
  });

  it('sends stored names without control or bidirectional characters', () => {
    const header = attachmentDisposition('foto\u202Egnp.exe\r\nX-Injetado: 1');
    expect(header).toBe(
      `attachment; filename="fotognp.exeX-Injetado: 1"; filename*=UTF-8''fotognp.exeX-Injetado%3A%201`,
    );
    expect(attachmentDisposition('\u202E')).toContain('filename="arquivo"');
  });

  it('forces a download and keeps accents through filename*', () => {
    expect(attachmentDisposition('relatório final.pdf')).toBe(
      `attachment; filename="relatorio final.pdf"; filename*=UTF-8''relat%C3%B3rio%20final.pdf`,
    );
  });
});

describe('acceptedFileType', () => {
  it('returns the sniffed type of an accepted file', () => {
    expect(acceptedFileType(Buffer.from('%PDF-1.7 ...'), 'laudo.pdf')).toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
    });
  });

  it('calls an empty file a validation error, in Portuguese', () => {
    expect(() => acceptedFileType(Buffer.alloc(0), 'vazio.txt')).toThrow(
      expect.objectContaining({ code: 'VALIDATION', message: 'O arquivo está vazio.' }),
    );
  });

  it('refuses an executable with what uploads accept (415)', () => {
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    expect(() => acceptedFileType(exe, 'foto.jpg')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_MEDIA', message: ACCEPTED_FILES_MESSAGE }),
    );
  });
});
