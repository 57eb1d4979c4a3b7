import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A message the fake SMTP server took (answered 250 to its end of data). */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A small SMTP server for tests (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no
 * auth). As in SMTP, a message is delivered only when the server answers 250 to the end of its
 * data: `hold()` keeps that answer back, and a client that disconnects meanwhile delivers
 * nothing (the message is counted in `dropped`).
 */
export async function startSmtpReceiver(port = 0) {
  const accepted: ReceivedMail[] = [];
  const dropped: ReceivedMail[] = [];
  let holding = 0;
  let held: Promise<void> | null = null;
  let release = () => undefined as void;

  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const say = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    socket.on('error', () => undefined);
    say('220 smtp.teste ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line !== '.') {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
            continue;
          }
          inData = false;
          const done = mail;
          mail = { from: '', to: [], data: '' };
          const answer = () => {
            if (socket.destroyed) {
              dropped.push(done);
              return;
            }
            accepted.push(done);
            say('250 OK: recebida');
          };
          if (held) {
            holding++;
            void held.then(() => {
              holding--;
              answer();
            });
          } else answer();
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') say('250 smtp.teste');
        else if (verb === 'HELO') say('250 smtp.teste');
        else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          say('250 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          say('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 Envie a mensagem; termine com <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          say('250 OK');
        } else if (verb === 'NOOP') say('250 OK');
        else if (verb === 'QUIT') {
          say('221 Tchau');
          socket.end();
        } else say('502 Comando não implementado');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${bound}`,
    accepted,
    dropped,
    /** Messages whose end of data waits for `release`. */
    holding: () => holding,
    /** Keeps the answer to each end of data back until the returned function is called. */
    hold() {
      held = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        held = null;
        release();
      };
    },
    /** Connections open right now. */
    connections: () =>
      new Promise<number>((resolve) => server.getConnections((_, n) => resolve(n))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
