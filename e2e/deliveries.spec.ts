import { createECDH, randomBytes } from 'node:crypto';

import { ENVIO_STATE_LABELS, type Envio, type EnvioList } from '@eproto/domain';

import { DEVICES, press, screenshotThemes } from './support/devices.ts';
import { expect, get, post, test } from './support/people.ts';

// Administração > Atividade de Usuários > Envios (issue 31): a TI sees a push of the job queue,
// its state, attempts and recipient, on a desktop and on a phone. The e2e server has no
// SMTP_URL (e-mails are only kept in the outbox, with no job), so the delivery made here is a
// real push: a person's device (on push.example.com, the e2e server's allowed made-up host)
// and a chat mention of them. Its state is what the API stored (in this server the job ends
// "Enviado"); a "Falhou" row cannot be produced end to end in a test's time (6 attempts with
// backoff), so "Reenviar" is covered by apps/web/src/features/activity/__tests__/
// deliveries-tab.test.tsx and apps/server/src/modules/deliveries/deliveries.routes.test.ts.

const SHOTS = process.env.PW_OUTPUT ?? 'test-results';
const b64url = (b: Buffer) => b.toString('base64url');

test('a TI sees a person’s push in Envios, on a desktop and a phone', async ({ people }) => {
  test.setTimeout(120_000);
  const ti = await people.person('TI');
  const worker = await people.person('Equipe');
  const tag = people.tag();

  // The person's phone: a real P-256 key, a push service that does not exist.
  const ecdh = createECDH('prime256v1');
  await post(await people.api(worker), '/api/push/subscriptions', {
    endpoint: `https://push.example.com/send/${tag}`,
    keys: { p256dh: b64url(ecdh.generateKeys()), auth: b64url(randomBytes(16)) },
  });
  const coord = await people.person('Coordenador');
  await post(await people.api(coord), '/api/chat/send', {
    to: worker.id,
    content: `Pode conferir o relatório, @${worker.nome}?`,
  });

  // What the API lists for the person's push once its first attempt failed.
  const tapi = await people.api(ti);
  let stored: Envio | undefined;
  await expect
    .poll(
      async () => {
        const list = await get<EnvioList>(tapi, '/api/deliveries?tipo=push&limit=100');
        stored = list.items.find((d) => d.destino.startsWith(worker.nome));
        return stored?.erro ?? '';
      },
      { timeout: 60_000 },
    )
    // This machine has no DNS: the guard refuses the host at send time, nothing is sent.
    .toContain('Endereço recusado');
  if (!stored) throw new Error('push not listed');
  expect(stored).toMatchObject({ tipo: 'push', assunto: 'Você foi mencionado' });
  // Refused, hence never "Enviado": it waits for its retry, then fails for good.
  expect(stored.estado).not.toBe('enviado');
  expect(stored.tentativas).toBeGreaterThanOrEqual(1);
  const label = ENVIO_STATE_LABELS[stored.estado];
  // Each device once; the screenshots of both themes are taken at the end.
  for (const [device, options] of DEVICES) {
    const page = await people.page(ti, options);
    await page.goto('/users/activity');
    await press(device, page.getByRole('tab', { name: 'Envios' }));
    // Mantine's SegmentedControl: the label (for= its hidden radio) is what a finger hits.
    await press(device, page.locator('label').filter({ hasText: /^Pushes$/ }));
    await expect(page).toHaveURL(/\/users\/activity\?aba=envios&tipo=push$/);

    const row =
      device === 'phone'
        ? page.getByTestId('envio').filter({ hasText: worker.nome })
        : page.getByRole('row').filter({ hasText: worker.nome });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Push');
    await expect(row).toContainText('Você foi mencionado');
    await expect(row).toContainText(label);
    if (stored.erro) await expect(row).toContainText(stored.erro);
    // "Reenviar" only on a failed one.
    await expect(row.getByRole('button', { name: /^Reenviar/ })).toHaveCount(
      stored.estado === 'falhou' ? 1 : 0,
    );
    if (device === 'desktop')
      await expect(page.getByRole('columnheader', { name: 'Último erro' })).toBeVisible();
    await screenshotThemes(page, (theme) => `${SHOTS}/envios-${device}-${theme}.png`);
    await page.context().close();
  }
});
