import type { Locator, Page } from '@playwright/test';

/** A finger stroke through the points, sent as real touch events. */
async function fingerStroke(page: Page, points: [number, number][]) {
  const cdp = await page.context().newCDPSession(page);
  const at = ([x, y]: [number, number]) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(points[0]!) });
  for (const p of points.slice(1)) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A wave drawn with a finger across a signature pad (scrolled into view first). */
export async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const wave: [number, number][] = [];
  for (let x = 30; x <= 300; x += 10) wave.push([box.x + x, box.y + 85 + 35 * Math.sin(x / 20)]);
  await fingerStroke(page, wave);
}

/**
 * The customer signs the conclusion dialog on the phone: name and CPF typed key by key and a
 * wave drawn with a finger on the pad, without sending it yet (see signConclusion).
 */
export async function fillConclusionSignature(
  page: Page,
  dialog: Locator,
  signer = 'Marta Ribeiro',
) {
  const nome = dialog.getByRole('textbox', { name: /Nome de quem assina/ });
  await nome.tap();
  await nome.pressSequentially(signer, { delay: 10 });
  const cpf = dialog.getByRole('textbox', { name: /CPF/ });
  await cpf.tap();
  await cpf.pressSequentially('52998224725', { delay: 10 });
  await drawSignature(page, dialog.getByRole('img', { name: /Área para assinar/ }));
}

/** The customer signs the conclusion dialog on the phone, then "Registrar assinatura". */
export async function signConclusion(page: Page, dialog: Locator) {
  await fillConclusionSignature(page, dialog);
  await dialog.getByRole('button', { name: 'Registrar assinatura' }).tap();
}
