import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEVICE_TIME_HEADER, deviceTimeOf, isIsoInstant } from '@eproto/domain';
import { AppError } from '../lib/errors.ts';

/** When a write happened on the person's device, and when it reached the server. */
export interface WriteTimes {
  /** The device's time of the action (X-Device-Time), or the arrival when none was sent. */
  device: Date;
  arrival: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    writeTimes: WriteTimes;
  }
}

const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads `X-Device-Time` (ISO 8601 instant) of a write queued on a phone under the domain's one
 * device-time rule (`deviceTimeOf`): malformed, older than 30 days or more than 10 minutes
 * ahead is 400; a few minutes ahead (a clock slightly fast) is taken as the arrival. Services
 * read `req.writeTimes` (see `writeTimes(req)`).
 */
export const deviceTimePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('writeTimes', null as unknown as WriteTimes);
  app.addHook('onRequest', (req, _reply, done) => {
    const arrival = new Date();
    const raw = req.headers[DEVICE_TIME_HEADER];
    if (raw === undefined) {
      req.writeTimes = { device: arrival, arrival };
      return done();
    }
    if (typeof raw !== 'string' || !isIsoInstant(raw) || !WITH_ZONE.test(raw)) {
      return done(
        new AppError(
          'VALIDATION',
          'Horário do aparelho inválido: envie data e hora ISO 8601 com fuso.',
          DEVICE_TIME_HEADER,
        ),
      );
    }
    const kept = deviceTimeOf(new Date(raw), arrival);
    if (kept.refusal !== undefined) {
      return done(new AppError('VALIDATION', kept.refusal, DEVICE_TIME_HEADER));
    }
    req.writeTimes = { device: kept.time, arrival };
    done();
  });
});

/** Device and arrival time of a request (both the arrival when the client sent no time). */
export function writeTimes(req: FastifyRequest): WriteTimes {
  return req.writeTimes;
}

/**
 * The device time of a write when the client sent `X-Device-Time` (ISO), else null: for bodies
 * that carry their own `device_time`, which wins when both are sent.
 */
export function sentDeviceTime(req: FastifyRequest): string | null {
  return req.headers[DEVICE_TIME_HEADER] === undefined ? null : req.writeTimes.device.toISOString();
}

/** A body with `device_time` filled from `X-Device-Time` when the body has none. */
export function withDeviceTime<T extends { device_time?: string | null }>(
  req: FastifyRequest,
  body: T,
): T {
  return body.device_time ? body : { ...body, device_time: sentDeviceTime(req) };
}
