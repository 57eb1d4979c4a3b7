// Types of chromium.mjs for the TypeScript that imports it (e2e/support/fake-camera.ts).
export const CHROMIUM: string;
export const CHROMIUM_ARGS: string[];
export function ensureChromium(): string;
