import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in MB (VmRSS: now; VmHWM: the peak so far), or 0 once gone. */
export function statusMB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kilobytes ? Number(kilobytes) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and all its descendants (Linux /proc), e.g. npm → node. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) {
    const parent = tree[index]!;
    try {
      const children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim();
      if (children) tree.push(...children.split(/\s+/).map(Number));
    } catch {
      // Exited between the two reads: it has no children left to visit.
    }
  }
  return tree;
}

/**
 * Follows the peak resident memory of a process tree by polling each process's high-water
 * mark (VmHWM), so a peak between two polls is not missed. `stop()` returns the largest peak
 * of any one process, in MB.
 */
export function watchPeakRss(pid: number, intervalMs = 100): { stop(): number } {
  let peak = 0;
  const poll = () => {
    for (const member of processTree(pid)) peak = Math.max(peak, statusMB(member, 'VmHWM'));
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
