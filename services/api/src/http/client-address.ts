import { isIP } from 'node:net';

/**
 * Whether the client address (`ctx.ip`: the socket's peer, or with TRUST_PROXY the address the
 * trusted proxy reports) is this machine's loopback: 127.0.0.0/8, ::1, or IPv4-mapped 127.x.
 */
export function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}
