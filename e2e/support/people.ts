// People of one's own for a spec. Specs run two at a time against one server; a spec that signs
// in as a demo account shares that account's bell, badges, lists and data with every other spec,
// so a count or a "first item" can change under it. Instead each test creates the people and the
// data it needs through the real API, exactly as the app does it: the TI invites, the person
// accepts the invitation with a password (and gets a session), contracts link them.
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContextOptions,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { DEMO_PASSWORD } from './auth.ts';

/** Password of every person a spec creates (long and uncommon, as the password rules ask). */
export const PASSWORD = 'Campo#Seguro2026x';

/** Header every state-changing call of the SPA sends (CSRF defence). */
export const SPA = { 'x-requested-with': 'eproto' } as const;

/** Role titles a person can be created with (packages/domain ROLE_TITLES). */
export type RoleTitle =
  | 'TI'
  | 'Administrador'
  | 'Financeiro'
  | 'Coordenador'
  | 'Gerente'
  | 'Diretoria'
  | 'CFO'
  | 'Equipe';

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export interface Person {
  id: number;
  email: string;
  nome: string;
  role: RoleTitle;
  password: string;
  /** The session the acceptance of the invitation opened (cookies for a browser context). */
  storageState: StorageState;
}

export interface Contract {
  id: number;
  codigo: string;
  nome: string;
}

export interface People {
  /** A unique short tag for names and titles of this test ("k3x9a-2"). */
  tag(): string;
  /** A new person of the role, linked to the given contracts, with a session of their own. */
  person(role: RoleTitle, opts?: { nome?: string; contracts?: number[] }): Promise<Person>;
  /** A new active contract (created by a TI) to link people to. */
  contract(nome?: string): Promise<Contract>;
  /** A page in a new browser context already signed in as the person (no login call). */
  page(person: Person, options?: BrowserContextOptions): Promise<Page>;
  /** API calls as the person (the SPA header is sent), for setting up data. */
  api(person: Person): Promise<APIRequestContext>;
}

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Irene'];
const LAST = ['Almeida', 'Barbosa', 'Cardoso', 'Duarte', 'Esteves', 'Freitas', 'Gomes', 'Lima'];

/** Reads a JSON answer, failing with the server's message when the status is not the expected. */
async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, status: number) {
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/**
 * Invites people as a TI of the e2e run. Each worker signs in once as the demo TI and has it
 * invite a TI of its own, which then invites everyone else; a new one takes over before the
 * invitation limit per person (30 per 15 minutes) is reached.
 */
class Inviter {
  private demo: APIRequestContext | null = null;
  private current: APIRequestContext | null = null;
  private sent = 0;
  private count = 0;

  constructor(
    private readonly playwright: PlaywrightWorkerArgs['playwright'],
    private readonly baseURL: string,
    private readonly worker: number,
  ) {}

  /** A new number of this worker, for varied names. */
  serial(): number {
    this.count += 1;
    return this.count;
  }

  /** A unique token for e-mails and names: worker, time and a counter. */
  unique(): string {
    this.count += 1;
    return `${Date.now().toString(36)}w${this.worker}n${this.count}`;
  }

  private async newContext(storageState?: StorageState) {
    return this.playwright.request.newContext({
      baseURL: this.baseURL,
      extraHTTPHeaders: SPA,
      ...(storageState ? { storageState } : {}),
    });
  }

  private async demoTi(): Promise<APIRequestContext> {
    if (this.demo) return this.demo;
    const ctx = await this.newContext();
    const res = await ctx.post('/api/auth/login', {
      data: { email: 'ti@eproto.test', password: DEMO_PASSWORD },
    });
    expect(res.status(), `login ti@eproto.test: ${await res.text()}`).toBe(200);
    this.demo = ctx;
    return ctx;
  }

  /** Invites and accepts; answers the new person and their signed-in request context. */
  private async invite(
    from: APIRequestContext,
    role: RoleTitle,
    nome: string,
    contractIds: number[],
  ): Promise<{ person: Person; ctx: APIRequestContext }> {
    const email = `e2e.${this.unique()}@eproto.test`.toLowerCase();
    await json(await from.post('/api/invites', { data: { email, nome, role, contractIds } }), 201);
    const outbox = await json<{ items: { to: string; link: string | null }[] }>(
      await from.get('/api/invites/outbox'),
      200,
    );
    const link = outbox.items.find((m) => m.to === email)?.link;
    expect(link, `convite de ${email} na caixa de saída`).toBeTruthy();
    const token = new URL(link!).searchParams.get('token')!;
    const ctx = await this.newContext();
    const accepted = await json<{ user: { id: number } }>(
      await ctx.post('/api/auth/accept-invite', { data: { token, nome, password: PASSWORD } }),
      200,
    );
    const person: Person = {
      id: accepted.user.id,
      email,
      nome,
      role,
      password: PASSWORD,
      storageState: await ctx.storageState(),
    };
    return { person, ctx };
  }

  /** The TI that invites (and creates contracts) for this worker now. */
  async ti(): Promise<APIRequestContext> {
    if (this.current && this.sent < 25) return this.current;
    await this.current?.dispose();
    const made = await this.invite(await this.demoTi(), 'TI', `TI e2e ${this.unique()}`, []);
    this.current = made.ctx;
    this.sent = 0;
    return made.ctx;
  }

  async person(role: RoleTitle, nome: string, contractIds: number[]): Promise<Person> {
    const ti = await this.ti();
    this.sent += 1;
    const { person, ctx } = await this.invite(ti, role, nome, contractIds);
    await ctx.dispose();
    return person;
  }

  async dispose() {
    await this.current?.dispose();
    await this.demo?.dispose();
  }
}

export const test = base.extend<{ people: People }, { inviter: Inviter }>({
  inviter: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('baseURL não configurada');
      const inviter = new Inviter(playwright, baseURL, workerInfo.workerIndex);
      await use(inviter);
      await inviter.dispose();
    },
    { scope: 'worker' },
  ],

  people: async ({ inviter, browser, playwright, baseURL }, use) => {
    const opened: Array<{ close: () => Promise<void> } | { dispose: () => Promise<void> }> = [];
    const people: People = {
      tag: () => inviter.unique(),
      async person(role, opts = {}) {
        const n = inviter.serial();
        const nome =
          opts.nome ??
          `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${inviter.unique()}`;
        return inviter.person(role, nome, opts.contracts ?? []);
      },
      async contract(nome) {
        const ti = await inviter.ti();
        const codigo = `E2E-${inviter.unique()}`.toUpperCase();
        return json<Contract>(
          await ti.post('/api/eproto/contracts', {
            data: { codigo, nome: nome ?? `Contrato ${codigo}`, cliente: 'Cliente e2e' },
          }),
          201,
        );
      },
      async page(person, options = {}) {
        const context = await browser.newContext({
          ...options,
          storageState: person.storageState,
        });
        opened.push(context);
        return context.newPage();
      },
      async api(person) {
        const ctx = await playwright.request.newContext({
          baseURL,
          extraHTTPHeaders: SPA,
          storageState: person.storageState,
        });
        opened.push(ctx);
        return ctx;
      },
    };
    await use(people);
    for (const o of opened) await ('close' in o ? o.close() : o.dispose());
  },
});

export { expect };

/** POST as the person's API context, expecting 201 (or the given status), answering the JSON. */
export async function post<T>(
  api: APIRequestContext,
  url: string,
  data: object,
  status = 201,
): Promise<T> {
  return json<T>(await api.post(url, { data }), status);
}

/** GET as the person's API context, expecting 200, answering the JSON. */
export async function get<T>(api: APIRequestContext, url: string): Promise<T> {
  return json<T>(await api.get(url), 200);
}
