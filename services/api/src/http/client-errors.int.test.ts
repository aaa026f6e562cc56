import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from './client-errors.ts';
import { ERROR_MESSAGES } from './error-response.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  // Node looks for requests that never finish arriving every `connectionsCheckingInterval`.
  server = createServer(
    { connectionsCheckingInterval: 50, headersTimeout: 300, requestTimeout: 300 },
    (_request, response) => response.end('ok'),
  );
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function rawExchange(
  bytes: string,
  { keepOpen = false }: { keepOpen?: boolean } = {},
): Promise<{ status: number; headers: string; body: string; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => (keepOpen ? socket.write(bytes) : socket.end(bytes)));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body, answer });
    });
  });
}

describe('requests Node refuses before the app', () => {
  it('answers headers beyond the limit with 431, a code and a Portuguese message', async () => {
    const answer = await rawExchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('Content-Type: application/json');
    expect(JSON.parse(answer.body)).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: ERROR_MESSAGES.headersTooLarge,
    });
  });

  it('answers an address beyond the limit the same way, and a malformed request with 400', async () => {
    const longUrl = await rawExchange(
      `GET /api/reports/custom?fields=${'name,'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(longUrl.status).toBe(431);
    const garbage = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('answers a request that never finishes arriving with 408, in JSON', async () => {
    const answer = await rawExchange('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ', { keepOpen: true });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: ERROR_MESSAGES.requestTimeout,
    });
  });

  it('writes nothing into a connection that already got an answer: the answer owed is not replaced', async () => {
    const { answer } = await rawExchange('GET / HTTP/1.1\r\nHost: x\r\n\r\nBAD\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    expect(answer).not.toContain('400 Bad Request');
  });
});
