import { config, locales } from 'zod';

// Portuguese default messages for zod in the web forms. The domain's index applies the same
// locale, but the web build treats the domain as side-effect free (vite.config.ts) so that
// /login does not download zod; form modules import this file instead.
config(locales.ptBR());
