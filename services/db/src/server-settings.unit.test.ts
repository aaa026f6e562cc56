import { describe, expect, it } from 'vitest';
import { serverSettings, settingArguments } from './server-settings.ts';

const GB = 1024 ** 3;

describe('embedded server settings', () => {
  it('given a 24 GB machine, then 4 GB of buffers (the cap) and fewer checkpoints', () => {
    const settings = serverSettings({ ephemeral: false, memoryBytes: 24 * GB });
    expect(settings).toMatchObject({
      shared_buffers: '4096MB',
      effective_cache_size: '12288MB',
      max_wal_size: '4GB',
      jit: 'off',
    });
  });

  it('given a 2 GB machine, then a quarter of it; never below the default 128 MB', () => {
    expect(serverSettings({ ephemeral: false, memoryBytes: 2 * GB }).shared_buffers).toBe('512MB');
    expect(serverSettings({ ephemeral: false, memoryBytes: 256 * 1024 ** 2 }).shared_buffers).toBe('128MB');
  });

  it('given a throw-away test cluster, then the small defaults (many run at once)', () => {
    expect(serverSettings({ ephemeral: true, memoryBytes: 24 * GB })).toMatchObject({
      shared_buffers: '128MB',
      max_wal_size: '1GB',
    });
  });

  it('turns settings into -c arguments', () => {
    expect(settingArguments({ jit: 'off', shared_buffers: '1GB' })).toEqual([
      '-c',
      'jit=off',
      '-c',
      'shared_buffers=1GB',
    ]);
  });
});
