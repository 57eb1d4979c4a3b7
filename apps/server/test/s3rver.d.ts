// s3rver ships no types; only what the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string }>;
  }

  /** The Koa context of a request (only what test/s3.ts reads and sets). */
  interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void>>;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
