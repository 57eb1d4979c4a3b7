import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

import { DESKTOP, PHONE, shot, TAKE_SHOTS } from './support/devices.ts';
import { expect, get, post, test } from './support/people.ts';

// Issue 35, point 3: ti registers a webhook in /users → Integrações → Webhooks, pointing at a
// receiver this spec starts on 127.0.0.1 (allowed by the e2e server's OUTBOUND_URL_ALLOWLIST);
// a solicitação opened through the API is delivered through the queue, the receiver checks
// the HMAC signature with the secret shown once, and the log shows the delivery as sent.

const SHOTS = process.env.PW_OUTPUT ?? 'test-results';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/eproto/eventos`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Light and dark screenshots of the section (the scheme is CSS variables only). */
async function shoot(page: Page, name: string) {
  if (!TAKE_SHOTS) return;
  const section = page.getByRole('region', { name: 'Webhooks' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.evaluate(
      (s) => document.documentElement.setAttribute('data-mantine-color-scheme', s),
      scheme,
    );
    await shot(section, { path: `${SHOTS}/${name}-${scheme}.png`, animations: 'disabled' });
  }
  await page.evaluate(() =>
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light'),
  );
}

test('ti registers a webhook, an event reaches the receiver signed, the log shows it sent', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const ti = await people.person('TI');
    const page = await people.page(ti, {
      ...DESKTOP,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto('/users?aba=integracoes');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByRole('button', { name: 'Novo webhook' }).click();
    const form = page.getByRole('form', { name: 'Novo webhook' });
    const url = form.getByRole('textbox', { name: 'Endereço (URL)' });

    // A private address is refused, in Portuguese, under the field.
    await url.fill('');
    await url.pressSequentially('https://10.0.0.1/gancho', { delay: 10 });
    await form.getByRole('checkbox', { name: 'Etapa de solicitação' }).check();
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(
      form.getByText(
        'Endereço do webhook recusado: o endereço aponta para uma rede interna, reservada ou para este servidor.',
      ),
    ).toBeVisible();
    // Nothing was stored.
    expect(
      (await get<{ items: unknown[] }>(await people.api(ti), '/api/integrations/webhooks')).items,
    ).toEqual([]);

    await url.fill('');
    await url.pressSequentially(receiver.url, { delay: 10 });
    await form.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(form).toBeHidden();

    // The secret, shown once, with Copiar.
    const secretField = section.getByRole('textbox', { name: 'Segredo' });
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = await secretField.inputValue();
    await section.getByRole('button', { name: 'Copiar' }).click();
    await expect(section.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const card = section.getByTestId('webhook-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(receiver.url);
    await expect(card).toContainText('Etapa de solicitação');
    await expect(card).toContainText(`…${secret.slice(-4)}`);
    await shoot(page, 'webhooks-secret-desktop');
    await section.getByRole('button', { name: 'Já copiei' }).click();
    await expect(secretField).toBeHidden();

    // The event: a solicitação opened by a gerente.
    const gerente = await people.person('Gerente');
    const opened = await post<{ solicitacao: { id: number } }>(
      await people.api(gerente),
      '/api/solicitacoes',
      { tipo: 'outro', descricao: `Escada para o telhado ${people.tag()}`, urgencia: 'media' },
    );
    const id = opened.solicitacao.id;

    await expect
      .poll(() => receiver.received.length, { timeout: 60_000, intervals: [500] })
      .toBeGreaterThanOrEqual(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    const ts = String(got.headers['x-eproto-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('hex')}`;
    expect(got.headers['x-eproto-assinatura']).toBe(expected);
    const payload = JSON.parse(got.body) as {
      evento: string;
      dados: { solicitacao: { id: number }; etapa: string; etapa_anterior: string | null };
    };
    expect(payload.evento).toBe('solicitacao.etapa');
    expect(payload.dados).toMatchObject({
      solicitacao: { id },
      etapa: 'aberta',
      etapa_anterior: null,
    });

    // The log: one delivery, sent, HTTP 204, one attempt.
    await card.getByRole('button', { name: 'Entregas' }).click();
    const log = page.getByRole('dialog', { name: 'Entregas do webhook' });
    const delivery = log.getByTestId('webhook-delivery');
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByText('Enviada', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(delivery).toContainText('Etapa de solicitação');
    await expect(delivery).toContainText('204');
    await expect(delivery).toContainText('Tentativas1');
    await shot(page, { path: `${SHOTS}/webhooks-log-desktop.png` });

    // "Reenviar": the same event (same id) again, signed again.
    await delivery.getByRole('button', { name: 'Reenviar' }).click();
    await expect
      .poll(() => receiver.received.length, { timeout: 60_000, intervals: [500] })
      .toBe(2);
    const again = receiver.received[1]!;
    expect(JSON.parse(again.body)).toMatchObject({ id: JSON.parse(got.body).id });
    await expect(delivery).toContainText('Tentativas2', { timeout: 15_000 });
    await log
      .getByRole('button', { name: /fechar|close/i })
      .first()
      .click();

    await shoot(page, 'webhooks-desktop');

    // On a 390 px phone the section is usable: nothing wider than the screen, the log opens.
    const phone = await people.page(ti, PHONE);
    await phone.goto('/users?aba=integracoes');
    const phoneSection = phone.getByRole('region', { name: 'Webhooks' });
    await expect(phoneSection.getByTestId('webhook-card')).toContainText(receiver.url);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(phone, 'webhooks-phone');
    await phoneSection.getByRole('button', { name: 'Entregas' }).tap();
    await expect(
      phone.getByRole('dialog', { name: 'Entregas do webhook' }).getByTestId('webhook-delivery'),
    ).toHaveCount(1);
    await shot(phone, { path: `${SHOTS}/webhooks-log-phone.png` });

    // Switching off asks first; "Cancelar" keeps it on, "Desativar" turns it off.
    const active = card.getByRole('switch', { name: 'Ativo' });
    await active.click({ force: true });
    const off = page.getByRole('dialog', { name: 'Desativar webhook' });
    await off.getByRole('button', { name: 'Cancelar' }).click();
    // Closed for good (its exit transition over) before the switch is tapped again.
    await expect(off).toHaveCount(0);
    await expect(active).toBeChecked();
    await active.click({ force: true });
    await off.getByRole('button', { name: 'Desativar' }).click();
    await expect(active).not.toBeChecked();
    await expect(card).toContainText('Inativo');
    const stored = await get<{ items: { ativo: boolean }[] }>(
      await people.api(ti),
      '/api/integrations/webhooks',
    );
    expect(stored.items.map((w) => w.ativo)).toEqual([false]);

    // Delete, with confirmation.
    await card.getByRole('button', { name: 'Excluir' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir webhook' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(section.getByText('Nenhum webhook cadastrado')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
