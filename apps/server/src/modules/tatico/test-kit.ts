import { ROLE_LABELS, ROLES, type Role } from '@eproto/domain';
import { login, createUser, spa, type TestApp } from '../../../test/helpers.ts';
import { demoSignaturePng } from '../../lib/png.ts';

/** A signed-in user of each canonical role, for permission tables. */
export async function sessionsByRole(t: TestApp) {
  const out = {} as Record<Role, { id: number; cookie: string }>;
  for (const role of ROLES) {
    const u = await createUser(t, { role: ROLE_LABELS[role], nome: `Pessoa ${ROLE_LABELS[role]}` });
    out[role] = { id: u.id, cookie: await login(t, u.email) };
  }
  return out;
}

/** Small HTTP client bound to one cookie. */
export function client(t: TestApp, cookie: string) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...spa, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    put: (url: string, payload: unknown = {}) => call('PUT', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
  };
}

/** The strokes of a hand signature on a phone pad: a wave 240 px wide. */
export function signatureStrokes(): [number, number][][] {
  const wave: [number, number][] = [];
  for (let x = 20; x <= 260; x += 6) wave.push([x, 90 + Math.round(30 * Math.sin(x / 18))]);
  return [
    wave,
    [
      [60, 130],
      [120, 128],
      [180, 132],
    ],
  ];
}

/** What the signature pad sends: the PNG and the strokes that drew it. */
export function drawnSignature() {
  return { assinatura: signaturePng(), assinatura_tracos: signatureStrokes() };
}

/** A real (decodable) PNG as a data URL, like a canvas signature export. */
export function signaturePng(): string {
  return `data:image/png;base64,${demoSignaturePng('Teste').toString('base64')}`;
}
