// Where a benchmark's CPU time goes, on Linux: this process (the app under test), the PostgreSQL server's
// processes, and the machine as a whole (what is left is the load generator and everything else). Read
// from /proc in clock ticks (USER_HZ, 100 a second on Linux), so a route measured for seconds is exact to
// about a percent. Elsewhere (no /proc) only this process is measured.
import { readdir, readFile } from "node:fs/promises";

const TICK_US = 10_000;

/** CPU time used so far, in microseconds. */
export type CpuUse = { app: number; postgres: number | null; machine: number | null };

export async function cpuUse(): Promise<CpuUse> {
  const { user, system } = process.cpuUsage();
  return { app: user + system, postgres: await postgresTicks(), machine: await machineTicks() };
}

/** What each request cost between two readings, in microseconds of CPU. */
export function cpuPerRequest(before: CpuUse, after: CpuUse, requests: number) {
  const per = (a: number | null, b: number | null) =>
    a === null || b === null || requests === 0 ? null : (b - a) / requests;
  return {
    app: per(before.app, after.app),
    postgres: per(before.postgres, after.postgres),
    machine: per(before.machine, after.machine),
  };
}

async function postgresTicks(): Promise<number | null> {
  let pids: string[];
  try {
    pids = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
    // "pid (comm) state ...": utime and stime are the 14th and 15th fields.
    const match = stat?.match(/^\d+ \((postgres)\) (.*)$/s);
    const fields = match?.[2]?.split(" ");
    if (fields === undefined) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_US;
}

async function machineTicks(): Promise<number | null> {
  const stat = await readFile("/proc/stat", "utf8").catch(() => null);
  const fields = stat?.split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (fields === undefined || fields.length < 5) return null;
  // Busy: user, nice, system, irq, softirq (not idle, iowait, steal, nor guest, which user counts already).
  const busy = [0, 1, 2, 5, 6].reduce((sum, i) => sum + (fields[i] ?? 0), 0);
  return busy * TICK_US;
}
