import { findInvalidText, INVALID_TEXT_MESSAGE } from '@eproto/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Fails with the path of the first text holding a NUL, in the error shape of every route.
const textGuard = z.unknown().superRefine((value, ctx) => {
  const path = findInvalidText(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: INVALID_TEXT_MESSAGE });
});

/**
 * The zod validator of every route, preceded by one check PostgreSQL needs: no text anywhere in
 * the params, query string or body may hold a NUL character (`text` columns cannot keep it, and
 * it cuts strings short in logs and files). Refused as a validation error naming the field.
 */
export const validateRequest: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const guard = validatorCompiler({ ...route, schema: textGuard });
  return (data) => (findInvalidText(data) ? guard(data) : validate(data));
};
