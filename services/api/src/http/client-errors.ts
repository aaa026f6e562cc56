import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@bari/contracts';
import { ERROR_MESSAGES } from './error-response.ts';

/**
 * Answers a request Node refuses before the app sees it (headers or address beyond its limit,
 * a malformed request line) as the app answers every error: JSON with a `code` and a
 * Portuguese `message`. Node's own answer is an empty 431 or 400.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A client gone, or an answer already started: nothing to say to it.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const code: ErrorCode = tooLarge ? 'HEADERS_TOO_LARGE' : 'MALFORMED_REQUEST';
    const body = JSON.stringify({
      code,
      message: tooLarge ? ERROR_MESSAGES.headersTooLarge : ERROR_MESSAGES.malformedRequest,
    });
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
