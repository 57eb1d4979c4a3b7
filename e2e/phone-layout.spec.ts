import { expect, test } from './support/people.ts';

// Phone layout details seen at 390 px: the top bar stays opaque over scrolled content in both
// themes. Each test uses people and data of its own.

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};

test('on a phone the top bar is opaque over scrolled content in both themes', async ({
  people,
}) => {
  const tecnico = await people.person('Equipe');
  const phone = await people.page(tecnico, PHONE);
  await phone.goto('/eproto/murals');
  await expect(phone.getByRole('heading', { name: 'Demandas' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await phone.evaluate((t) => localStorage.setItem('eproto-theme', t), theme);
    await phone.reload();
    await expect(phone.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
    await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const style = await phone
      .locator('header')
      .first()
      .evaluate((el) => {
        const cs = getComputedStyle(el);
        return { bg: cs.backgroundColor, filter: cs.backdropFilter };
      });
    // rgb(...) has no alpha; the old rgba(..., 0.85) let the page show through the bar.
    expect(style.bg, theme).toMatch(/^rgb\(/);
    expect(style.filter, theme).toBe('none');
  }
});
