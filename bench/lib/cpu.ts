/**
 * Where the CPU went during a measurement (Linux /proc): the server under test (its whole process
 * tree), its PostgreSQL backends, the load generator itself, and everything else on the machine. On a small shared machine
 * the last one says whether a figure can be trusted; the first says whether the server used the
 * cores it had (a single-process server tops out at 1 core).
 */
import fs from "node:fs";
import { nodeDescendants } from "./processes";

/** Clock ticks per second of /proc (USER_HZ): 100 on every Linux Node supports. */
const HZ = 100;

interface Snapshot {
  at: number;
  machineBusy: number;
  tree: number;
  database: number;
  self: NodeJS.CpuUsage;
}

function machineBusyTicks(): number {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait (guest is in user).
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return user + nice + system + irq + softirq + steal;
}

function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(f[11]) + Number(f[12]); // utime + stime (fields 14 and 15)
  } catch {
    return 0;
  }
}

function treeTicks(pids: number[]): number {
  let sum = 0;
  for (const pid of pids) for (const p of [pid, ...nodeDescendants(pid)]) sum += processTicks(p);
  return sum;
}

/**
 * PostgreSQL backends serving our database: their process title names it
 * ("postgres: postgres lr_bench_… 127.0.0.1(…) idle"), which tells them from other users' backends.
 */
function databaseTicks(dbName: string | undefined): number {
  if (!dbName) return 0;
  let sum = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.startsWith("postgres: ") && cmd.includes(` ${dbName} `)) sum += processTicks(Number(entry));
    } catch {
      // gone
    }
  }
  return sum;
}

export function cpuSnapshot(serverPids: number[], dbName?: string): Snapshot {
  return {
    at: performance.now(),
    machineBusy: machineBusyTicks(),
    tree: treeTicks(serverPids),
    database: databaseTicks(dbName),
    self: process.cpuUsage(),
  };
}

export interface CpuUse {
  /** All values in cores (1.0 = one core fully busy) averaged over the measurement. */
  machine: number;
  server: number;
  /** PostgreSQL backends of the bench database (0 on SQLite, which runs inside the server). */
  database: number;
  loadGenerator: number;
  other: number;
}

export function cpuSince(start: Snapshot, serverPids: number[], dbName?: string): CpuUse {
  const end = cpuSnapshot(serverPids, dbName);
  const seconds = (end.at - start.at) / 1000;
  const self = process.cpuUsage(start.self);
  const machine = (end.machineBusy - start.machineBusy) / HZ / seconds;
  const server = (end.tree - start.tree) / HZ / seconds;
  const database = (end.database - start.database) / HZ / seconds;
  const loadGenerator = (self.user + self.system) / 1e6 / seconds;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    machine: round(machine),
    server: round(server),
    database: round(database),
    loadGenerator: round(loadGenerator),
    other: round(Math.max(0, machine - server - database - loadGenerator)),
  };
}
