// How busy the shared machine was while a benchmark measured: the CPU time other work took (from /proc, so
// the benchmark's own processes do not count against it) and the load average. A figure measured while
// others took the CPU says more about them than about the product: benchmarks print NOT A CLEAN RUN then.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU time of the whole machine from /proc/stat: [idle (with I/O wait), total] in clock ticks. */
export function machineTicks(): [number, number] {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return [fields[3]! + fields[4]!, fields.reduce((a, b) => a + b, 0)];
}

/**
 * CPU seconds used so far by this benchmark's own processes, by process id, each with its ended children's:
 * this one, its descendants (the server it started, the browser, workers) and any process whose command line
 * `alsoOurs` accepts (say the PostgreSQL backends of its database, which are not its children).
 */
export function ownProcessSeconds(alsoOurs: (cmdline: string) => boolean = () => false): Map<number, number> {
  const stats = new Map<number, { ppid: number; seconds: number; ours: boolean }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const ours = alsoOurs(readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
      // utime + stime, and cutime + cstime: the time of its children that ended and were waited for. Without
      // the latter, a browser that Lighthouse started and closed inside the window counted as other work.
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.set(Number(entry), { ppid: Number(fields[1]), seconds: ticks / 100, ours });
    } catch {
      // Exited meanwhile.
    }
  }
  const isOurs = (pid: number): boolean => {
    for (let at: number | undefined = pid; at && at > 1; at = stats.get(at)?.ppid) if (at === process.pid || stats.get(at)?.ours) return true;
    return false;
  };
  return new Map([...stats].filter(([pid]) => isOurs(pid)).map(([pid, s]) => [pid, s.seconds]));
}

export type MachineShare = {
  /** CPU seconds the machine had in the window (cores × wall time). */
  machineSeconds: number;
  /** CPU seconds other work (not this benchmark's processes) used in it. */
  otherSeconds: number;
  /** otherSeconds / machineSeconds. */
  otherShare: number;
  /** The 1-minute load average at the window's end. */
  loadAverage: number;
};

/** Starts a measuring window; the returned function ends it and tells how much of the machine others took. */
export function startMachineWindow(alsoOurs?: (cmdline: string) => boolean): () => MachineShare {
  const [idle0, total0] = machineTicks();
  const own0 = ownProcessSeconds(alsoOurs);
  return () => {
    const [idle1, total1] = machineTicks();
    let own = 0;
    for (const [pid, seconds] of ownProcessSeconds(alsoOurs)) own += seconds - (own0.get(pid) ?? 0);
    const machineSeconds = (total1 - total0) / 100;
    const busySeconds = (total1 - total0 - (idle1 - idle0)) / 100;
    const otherSeconds = Math.max(0, busySeconds - own);
    return { machineSeconds, otherSeconds, otherShare: otherSeconds / Math.max(0.01, machineSeconds), loadAverage: os.loadavg()[0]! };
  };
}
