import type { PlanFormat } from '@eproto/domain';

import { buildUrl } from '../../../lib/api-client.ts';

/** GET /eproto/murals/{id}/plano?formato=: the demand's plan as a download (a plain link). */
export const planExportUrl = (muralId: number, formato: PlanFormat) =>
  buildUrl(`/eproto/murals/${muralId}/plano`, { formato });

/** GET /eproto/murals/{id}/plano/modelo: the XLSX template of the import. */
export const planTemplateUrl = (muralId: number) =>
  buildUrl(`/eproto/murals/${muralId}/plano/modelo`);
