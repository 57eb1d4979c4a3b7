import {
  calendarChangesQuery,
  calendarChangesResponse,
  calendarQuery,
  calendarResponse,
  entityIdParams,
  feedQuery,
  feedResponse,
  ganttMuralChangesQuery,
  ganttMuralChangesResponse,
  ganttMuralResponse,
  ganttTeamChangesQuery,
  ganttTeamChangesResponse,
  ganttTeamQuery,
  ganttTeamResponse,
  muralCalendarChangesQuery,
  muralCalendarQuery,
  teamCoordenadoresResponse,
  teamLoadChangesQuery,
  teamLoadChangesResponse,
  teamLoadQuery,
  teamLoadResponse,
  teamMembersQuery,
  teamMembersResponse,
  vehicleLoadResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

const tags = ['planning'];

/**
 * /api/eproto: Gantt, calendar, feed and team (SPEC.md §7 "Other" and "Murals"). Every role
 * may call them (the screens are for all roles); what each returns is the caller's scope, and a
 * demand or coordenador out of scope answers 404.
 */
export const planningRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { gantt, planningCalendar: calendar, feed, team } = app.services;

  app.get('/gantt/murals/:id', {
    schema: { tags, params: entityIdParams, response: { 200: ganttMuralResponse } },
    handler: async (req) => gantt.ofMural(currentUser(req), req.params.id),
  });

  app.get('/gantt/murals/:id/changes', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: ganttMuralChangesQuery,
      response: { 200: ganttMuralChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return gantt.muralChanges(currentUser(req), req.params.id, req.query.updated_since);
    },
  });

  app.get('/gantt/team', {
    schema: { tags, querystring: ganttTeamQuery, response: { 200: ganttTeamResponse } },
    handler: async (req) => gantt.team(currentUser(req), req.query),
  });

  app.get('/gantt/team/changes', {
    schema: {
      tags,
      querystring: ganttTeamChangesQuery,
      response: { 200: ganttTeamChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return gantt.teamChanges(currentUser(req), req.query);
    },
  });

  app.get('/team/members', {
    schema: { tags, querystring: teamMembersQuery, response: { 200: teamMembersResponse } },
    handler: async (req) => team.members(currentUser(req), req.query.coordenador_id),
  });

  app.get('/team/coordenadores', {
    schema: { tags, response: { 200: teamCoordenadoresResponse } },
    handler: async (req) => team.coordenadores(currentUser(req)),
  });

  const load = requirePermission('team.load');
  app.get('/team/load', {
    schema: { tags, querystring: teamLoadQuery, response: { 200: teamLoadResponse } },
    preHandler: load,
    handler: async (req) => app.services.load.people(currentUser(req), req.query),
  });

  app.get('/team/load/changes', {
    schema: {
      tags,
      querystring: teamLoadChangesQuery,
      response: { 200: teamLoadChangesResponse },
    },
    preHandler: load,
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.services.load.changes(currentUser(req), req.query);
    },
  });

  app.get('/team/load/vehicles', {
    schema: { tags, querystring: teamLoadQuery, response: { 200: vehicleLoadResponse } },
    preHandler: load,
    handler: async (req) => app.services.load.vehicles(currentUser(req), req.query),
  });

  app.get('/calendar', {
    schema: { tags, querystring: calendarQuery, response: { 200: calendarResponse } },
    handler: async (req) => calendar.range(currentUser(req), req.query),
  });

  app.get('/calendar/changes', {
    schema: { tags, querystring: calendarChangesQuery, response: { 200: calendarChangesResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return calendar.changes(currentUser(req), req.query);
    },
  });

  app.get('/murals/:id/calendar', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: muralCalendarQuery,
      response: { 200: calendarResponse },
    },
    handler: async (req) => calendar.ofMural(currentUser(req), req.params.id, req.query),
  });

  app.get('/murals/:id/calendar/changes', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: muralCalendarChangesQuery,
      response: { 200: calendarChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return calendar.muralChanges(currentUser(req), req.params.id, req.query);
    },
  });

  app.get('/feed', {
    schema: { tags, querystring: feedQuery, response: { 200: feedResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return feed.page(currentUser(req), req.query);
    },
  });
};
