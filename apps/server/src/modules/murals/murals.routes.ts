import {
  entityIdParams,
  kanbanBody,
  muralBoardChangesQuery,
  muralBoardChangesResponse,
  muralCountsQuery,
  muralCountsResponse,
  muralCreateBody,
  muralPageChangesQuery,
  muralPageChangesResponse,
  muralSchema,
  muralSummaryQuery,
  muralSummaryResponse,
  muralUpdateBody,
  todayIn,
  TOTAL_COUNT_HEADER,
  visualizadoResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { answerOf, gzippedAnswerOf, sendAnswer, serializeParsed } from '../../lib/read-cache.ts';
import { currentUser } from '../../plugins/auth.ts';
import { workItemThreadRoutes } from '../work-items/work-item.routes.ts';
import { muralParticipantsRoutes } from './mural-participants.routes.ts';
import { muralThread } from './mural-thread.ts';
import { createDemandPageCache, createDemandReadCache } from './murals-cache.ts';

const tags = ['murals'];

/** True when an If-None-Match header names this ETag (or is "*"). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((s) => s.trim())
    .some((t) => t === '*' || t === etag || t.replace(/^W\//, '') === etag.replace(/^W\//, ''));
}

/** /api/eproto/murals (SPEC.md §7 "Murals"). */
export const muralsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const { murals, muralsList: lists } = app.services;
  // Kept serialized per person; any demand-related event (from any node) drops them.
  const reads = createDemandReadCache(deps.events, deps.config.CACHE_SUMMARY_MB * 1_048_576);
  const pages = createDemandPageCache(deps.events, deps.config.CACHE_DEMAND_PAGE_MB * 1_048_576);
  app.addHook('onClose', async () => {
    reads.stop();
    pages.stop();
  });
  const day = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  app.get('/summary', {
    schema: {
      tags,
      querystring: muralSummaryQuery,
      response: { 200: muralSummaryResponse, 304: z.null() },
    },
    handler: async (req, reply) => {
      const u = currentUser(req);
      const key = `summary|${u.type}|${day()}|${JSON.stringify(req.query)}`;
      const answer = await reads.cache.get(u.id, key, () => lists.summaryAnswer(u, req.query));
      reply
        .header(TOTAL_COUNT_HEADER, String(answer.total))
        .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
        .header('cache-control', 'no-cache')
        .header('etag', answer.etag);
      // No body and no Content-Length: a 304 that announced 4 bytes ("null") left HTTP clients
      // such as autocannon waiting for them.
      if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
        return reply.status(304).send(undefined as never);
      }
      // Already encoded with muralSummaryResponse: bytes skip the serializer.
      return sendAnswer(req, reply, answer);
    },
  });

  app.get('/summary/changes', {
    schema: {
      tags,
      querystring: muralBoardChangesQuery,
      response: { 200: muralBoardChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return lists.boardChanges(currentUser(req), req.query);
    },
  });

  app.get('/summary/page/changes', {
    schema: {
      tags,
      querystring: muralPageChangesQuery,
      response: { 200: muralPageChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return lists.pageChanges(currentUser(req), req.query);
    },
  });

  app.get('/counts', {
    schema: { tags, querystring: muralCountsQuery, response: { 200: muralCountsResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      // A board's counters are ~83 bytes a card (82.6 KB for 1,000): sent gzip (level 1) when
      // the client takes it and the body passes 8 KB, like the summary beside them.
      const counts = await lists.counts(currentUser(req), req.query);
      const body = Buffer.from(serializeParsed(muralCountsResponse, counts), 'utf8');
      return sendAnswer(req, reply, gzippedAnswerOf(body, { etag: '' }));
    },
  });

  app.post('/', {
    schema: { tags, body: muralCreateBody, response: { 201: muralSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await murals.create(currentUser(req), req.body)),
  });

  app.get('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: muralSchema } },
    handler: async (req, reply) => {
      const u = currentUser(req);
      const id = req.params.id;
      const answer = await pages.cache.get(id, `${u.id}|${u.type}|${day()}`, async () =>
        answerOf(serializeParsed(muralSchema, await murals.get(u, id))),
      );
      return sendAnswer(req, reply, answer);
    },
  });

  app.patch('/:id', {
    schema: { tags, params: entityIdParams, body: muralUpdateBody, response: { 200: muralSchema } },
    handler: async (req) => murals.update(currentUser(req), req.params.id, req.body),
  });

  app.patch('/:id/kanban', {
    schema: { tags, params: entityIdParams, body: kanbanBody, response: { 200: muralSchema } },
    handler: async (req) => murals.moveStage(currentUser(req), req.params.id, req.body.stage),
  });

  app.patch('/:id/visualizado', {
    schema: { tags, params: entityIdParams, response: { 200: visualizadoResponse } },
    handler: async (req) => murals.markViewed(currentUser(req), req.params.id),
  });

  // deps carries this plugin's own `prefix`; the child must not add it a second time.
  const { prefix: _prefix, ...childDeps } = deps as ServiceDeps & { prefix?: string };
  await app.register(muralParticipantsRoutes, childDeps);
  await app.register(
    workItemThreadRoutes(muralThread, (s) => s.threads.murals),
    childDeps,
  );
};
