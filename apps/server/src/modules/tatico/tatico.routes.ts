import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldPeopleResponse, rolesFor } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';
import { createFieldAlertsService } from './field-alerts.service.ts';
import { listFieldPeople } from './people.ts';

const ALERT_EVERY_MS = 30 * 60_000;

/** /api/tatico: what the tactical screens share (the people pickers). */
export const taticoRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  // The daily alert notifications run in every node (an advisory lock and the per-day log keep
  // them single); tests call the service directly instead.
  if (deps.config.NODE_ENV !== 'test') {
    const alerts = createFieldAlertsService(deps);
    let timer: NodeJS.Timeout | null = null;
    let first: NodeJS.Timeout | null = null;
    const run = () =>
      alerts
        .runOnce()
        .then(() => alerts.prune())
        .catch((err: unknown) => app.log.warn({ err }, 'Falha ao enviar alertas de frota/EPI'));
    app.addHook('onReady', async () => {
      timer = setInterval(() => void run(), ALERT_EVERY_MS);
      timer.unref();
      first = setTimeout(() => void run(), 5_000);
      first.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
    });
  }

  app.get('/pessoas', {
    preHandler: requireRoles(rolesFor('/tatico/frota')),
    schema: { tags: ['tatico'], response: { 200: fieldPeopleResponse } },
    handler: async () => ({ items: await listFieldPeople(deps.database.db) }),
  });
};
