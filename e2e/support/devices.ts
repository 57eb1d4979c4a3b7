import type { BrowserContextOptions, Locator, Page } from '@playwright/test';

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

/** Each device in each theme, for a test (or screenshot) per pair. */
export const DEVICE_THEMES = DEVICES.flatMap(([device, options]) =>
  (['light', 'dark'] as const).map((theme) => ({ device, options, theme })),
);

/** Opens the page's documents in `theme` (the choice the app keeps in localStorage). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('eproto-theme', value), theme);
}

/** What a finger does on a phone and a mouse on a desktop. */
export function press(device: Device, target: Locator): Promise<void> {
  return device === 'phone' ? target.tap() : target.click();
}
