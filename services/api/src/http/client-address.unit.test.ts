import { describe, expect, it } from 'vitest';
import { isLoopback, isLoopbackHost } from './client-address.ts';

describe('isLoopback', () => {
  it('knows the loopback addresses, IPv4-mapped too, and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '203.0.113.50', '::2', ''])
      expect(isLoopback(ip), ip).toBe(false);
  });
});

describe('isLoopbackHost', () => {
  it('knows the names of this machine: localhost, 127.x and ::1', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '[::1]', '::1'])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses any other name, however it resolves (DNS rebinding)', () => {
    for (const host of ['attacker.example', 'localhost.attacker.example', '127.0.0.1.nip.io', '10.0.0.5', ''])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
