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

/**
 * Whether the name a request was sent to (its Host) is this machine's loopback: `localhost` (or
 * a name under it), 127.0.0.0/8 or ::1. A page of another site that points its own name at
 * 127.0.0.1 (DNS rebinding) reaches us from the loopback, but still under its own name.
 */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isIP(name) !== 0 && isLoopback(name);
}
