import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@bari/contracts';
import { ERROR_MESSAGES } from './error-response.ts';

interface Refusal {
  readonly status: string;
  readonly code: ErrorCode;
  readonly message: string;
}

/** What to answer for each error Node reports on a connection (a malformed request otherwise). */
function refusalOf(error: NodeJS.ErrnoException): Refusal {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: '431 Request Header Fields Too Large',
      code: 'HEADERS_TOO_LARGE',
      message: ERROR_MESSAGES.headersTooLarge,
    };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: '408 Request Timeout', code: 'REQUEST_TIMEOUT', message: ERROR_MESSAGES.requestTimeout };
  return { status: '400 Bad Request', code: 'MALFORMED_REQUEST', message: ERROR_MESSAGES.malformedRequest };
}

/**
 * Answers a request Node refuses before the app sees it (headers or address beyond its limit,
 * a request that never finished arriving, a malformed one) as the app answers every error:
 * JSON with a `code` and a Portuguese `message`. Node's own answer is an empty 431, 408 or 400.
 * As Node does, only on a connection nothing was written to yet: otherwise an answer is owed or
 * under way there, and the error would land inside it; the connection is closed instead.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const { status, code, message } = refusalOf(error);
    const body = JSON.stringify({ code, message });
    socket.end(
      `HTTP/1.1 ${status}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
