import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// The web build writes .gz/.br beside each text asset; the server sends them as they are.
describe('built web app (static files)', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-web-'));
  const js = `export const x = "${'E-Proto '.repeat(400)}";`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'));
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>E-Proto</title>');
    fs.writeFileSync(path.join(web, 'assets', 'page-abc.js'), js);
    fs.writeFileSync(path.join(web, 'assets', 'page-abc.js.gz'), gzipSync(js));
    t = await createTestApp({ WEB_DIST: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('sends the pre-compressed file to a browser that accepts it, cached for good', async () => {
    const res = await t.app.inject({
      url: '/assets/page-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(js.length / 4);
    const csp = String(res.headers['content-security-policy']);
    // "Ler etiqueta": qr-scanner's decoder runs in a blob: worker; scripts stay 'self' only.
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("script-src 'self';");
  });

  it('sends the plain file otherwise, and the app shell for a page path', async () => {
    const res = await t.app.inject({ url: '/assets/page-abc.js' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
    const page = await t.app.inject({ url: '/eproto/quadros' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>E-Proto</title>');
  });
});
