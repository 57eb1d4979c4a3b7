import { expect, test } from './support/people.ts';
import { PHONE, shot } from './support/devices.ts';

// "Novo item do inventário" on a 390 px touch phone (issue 30 point 10): the Patrimônio /
// Consumível choice fits the screen, neither label is cut off, and each is a thumb's target.

test('the Patrimônio/Consumível switch of Novo item is whole on a phone', async ({ people }) => {
  const contract = await people.contract();
  const coord = await people.person('Coordenador', { contracts: [contract.id] });
  const page = await people.page(coord, PHONE);
  await page.goto('/tatico/frota?aba=inventario');
  await page.getByRole('button', { name: 'Novo item' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Novo item do inventário' });
  await expect(dialog).toBeVisible();
  const choice = dialog.getByRole('radiogroup', { name: 'Natureza do item' });
  await expect(choice).toBeVisible();
  const boxes = await choice.locator('label').evaluateAll((labels) =>
    labels.map((l) => {
      const r = l.getBoundingClientRect();
      return {
        text: l.textContent,
        clipped: l.scrollWidth > l.clientWidth + 1,
        right: r.right,
        height: r.height,
      };
    }),
  );
  expect(boxes.map((b) => b.text)).toEqual(['Patrimônio', 'Consumível']);
  await expect(dialog.getByText(/Patrimônio: ferramenta ou equipamento/)).toBeVisible();
  for (const b of boxes) {
    expect(b.clipped, `${b.text} cut off`).toBe(false);
    expect(b.right).toBeLessThanOrEqual(390);
    expect(b.height).toBeGreaterThanOrEqual(36);
  }
  await choice.getByText('Consumível').tap();
  await expect(dialog.getByRole('textbox', { name: /Quantidade inicial/ })).toBeVisible();
  await shot(page, { path: '/tmp/osphone-shots/inventory-390.png' });
});
