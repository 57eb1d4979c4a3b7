import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  port: number;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * Starts the real server as a child process on 127.0.0.1: the TypeScript source through tsx,
 * or a compiled bundle (`entry`) under plain node.
 */
export async function spawnServer(
  env: Record<string, string | undefined>,
  entry?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    ...env,
  };
  for (const [k, v] of Object.entries(full)) if (v === undefined) delete full[k];
  const args = entry ? [entry] : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')];
  const proc = spawn(process.execPath, args, { cwd: ROOT, env: full });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return { proc, port, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Waits until /api/ready answers 200. */
export async function waitReady(s: ServerProcess, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (s.proc.exitCode !== null) throw new Error(`servidor encerrou:\n${s.output()}`);
    try {
      if ((await fetch(`${s.url}/api/ready`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`servidor não ficou pronto:\n${s.output()}`);
}

/** Signs in through the API; returns the Cookie header. */
export async function signIn(url: string, email: string, password = 'eproto123'): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'eproto' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login falhou: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** JSON call with the SPA headers. */
export async function call(
  url: string,
  cookie: string,
  method: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method,
    headers: {
      cookie,
      'x-requested-with': 'eproto',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}
