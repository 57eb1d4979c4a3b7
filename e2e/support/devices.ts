import {
  expect,
  type BrowserContextOptions,
  type Locator,
  type LocatorScreenshotOptions,
  type Page,
  type PageScreenshotOptions,
} from '@playwright/test';

/**
 * The browser contexts of the specs, written once: a touch phone (390×844, taps) and a desktop
 * (1440×900), both in Brazilian Portuguese and São Paulo time. Pass them to `people.page(person,
 * PHONE)`, `browser.newContext(PHONE)` or `test.use(PHONE)`.
 */
const BRAZIL = { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } satisfies BrowserContextOptions;

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  ...BRAZIL,
} satisfies BrowserContextOptions;

export const DESKTOP = {
  viewport: { width: 1440, height: 900 },
  ...BRAZIL,
} satisfies BrowserContextOptions;

/** A phone standing at `site`: location allowed, the GPS giving it within `accuracy` metres. */
export function phoneAt(
  site: { latitude: number; longitude: number },
  accuracy: number,
): BrowserContextOptions {
  return {
    ...PHONE,
    permissions: ['geolocation'],
    geolocation: { latitude: site.latitude, longitude: site.longitude, accuracy },
  };
}

/** Both devices by name, for a test per device: `for (const [device, options] of DEVICES)`. */
export const DEVICES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

export type Device = (typeof DEVICES)[number][0];
export type Theme = 'light' | 'dark';

/** Opens the page's documents in `theme` (the choice the app keeps in localStorage). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('eproto-theme', value), theme);
}

/**
 * Switches the open page to `theme` as another tab of the app would: the app keeps the choice
 * in localStorage and Mantine follows that key's 'storage' event. No reload, so a menu or a
 * dialog stays open, and no flow is repeated for a theme.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('eproto-theme', value);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'eproto-theme',
        newValue: value,
        storageArea: localStorage,
      }),
    );
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
}

/**
 * Screenshots to look at with the eyes are taken only when asked: `E2E_SHOTS=1 npx playwright
 * test <spec>`. They assert nothing, and `npm test` took them all on every run (the a11y walk
 * a full-page one per page and theme); what a page must look like is checked by assertions
 * (sizes, overflow, contrast), which run either way.
 */
export const TAKE_SHOTS = Boolean(process.env.E2E_SHOTS);

/** `target.screenshot(options)` when screenshots are asked for (`TAKE_SHOTS`), else nothing. */
export async function shot(target: Page, options: PageScreenshotOptions): Promise<void>;
export async function shot(target: Locator, options: LocatorScreenshotOptions): Promise<void>;
export async function shot(
  target: Page | Locator,
  options: PageScreenshotOptions | LocatorScreenshotOptions,
): Promise<void> {
  if (TAKE_SHOTS) await (target as Page).screenshot(options);
}

/**
 * Screenshots of the page as it is now, in light and then in dark (`file(theme)` names each), to
 * look at with the eyes: one flow, two pictures, rather than the whole flow once per theme.
 * Nothing (not even the switch of theme) unless screenshots are asked for (`TAKE_SHOTS`).
 */
export async function screenshotThemes(
  page: Page,
  file: (theme: Theme) => string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  if (!TAKE_SHOTS) return;
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(page, theme);
    await page.screenshot({ ...options, path: file(theme) });
  }
}

/** What a finger does on a phone and a mouse on a desktop. */
export function press(device: Device, target: Locator): Promise<void> {
  return device === 'phone' ? target.tap() : target.click();
}

/**
 * Taps a select open and taps one of its options, as a finger does. A list opened while the
 * page's lazy parts still move it can land below the screen, out of reach: then it is closed and
 * opened again where the select now is.
 */
export async function tapOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
): Promise<void> {
  const item = page.getByRole('option', { name: option });
  await expect(async () => {
    if (await item.isVisible()) await page.keyboard.press('Escape');
    await select.scrollIntoViewIfNeeded();
    await select.tap();
    await item.tap({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
