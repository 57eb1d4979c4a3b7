import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEVICE_TIME_HEADER, DEVICE_TIME_MAX_AGE_DAYS, isIsoInstant } from '@eproto/domain';
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

const DAY_MS = 86_400_000;
const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/**
 * Reads `X-Device-Time` (ISO 8601 instant) of a write queued on a phone: malformed, or older
 * than 30 days, is 400; a time ahead of the server's clock (a phone whose clock runs fast) is
 * taken as the arrival. Services read `req.writeTimes` (see `writeTimes(req)`).
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
    const device = new Date(raw);
    if (arrival.getTime() - device.getTime() > DEVICE_TIME_MAX_AGE_DAYS * DAY_MS) {
      return done(
        new AppError(
          'VALIDATION',
          `Esta ação foi feita no aparelho há mais de ${DEVICE_TIME_MAX_AGE_DAYS} dias e não pode mais ser registrada.`,
          DEVICE_TIME_HEADER,
        ),
      );
    }
    req.writeTimes = { device: device > arrival ? arrival : device, arrival };
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
