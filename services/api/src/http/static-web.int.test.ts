import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../shared/logger.ts';
import { errorHandler } from './error-handler.ts';
import { staticWeb } from './static-web.ts';

const script = `console.log(${JSON.stringify('Bari Care '.repeat(300))});`;
let dist: string;
let server: Server;
let port: number;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP GET (node:http does not decompress, so the bytes are what travelled). */
function get(path: string, acceptEncoding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'bari-static-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bari Care</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  const app = new Koa();
  // The app's own error handler turns the refusals into their status and Portuguese message.
  app.use(errorHandler(createLogger('silent')));
  app.use(staticWeb(dist));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe('static web app: compressed assets', () => {
  it('sends the brotli copy to a browser that accepts br, with the immutable cache headers', async () => {
    const answer = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe('max-age=31536000,immutable');
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const answer = await get('/assets/app-abc123.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe('max-age=31536000,immutable');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the file as built when the client accepts no compression', async () => {
    const answer = await get('/assets/app-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.toString()).toBe(script);
  });

  it('still answers a client route with index.html, never cached', async () => {
    const answer = await get('/patients/123', 'br');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body.toString()).toContain('<title>Bari Care</title>');
  });

  it('answers 404 for a missing asset rather than index.html', async () => {
    const missing = await get('/assets/missing-000.js', 'br');
    expect(missing.status).toBe(404);
    // A fixed message, never the server's file path (issue 10).
    expect(missing.body.toString()).toContain('Arquivo não encontrado');
    expect(missing.body.toString()).not.toContain(dist);
  });
});
