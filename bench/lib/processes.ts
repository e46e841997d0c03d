/**
 * Child processes of the benchmark and their clean-up. Every child is started in its own process
 * group (detached) so that stopping it also stops what it forked (cluster workers), and is
 * registered here so that an error, Ctrl-C or SIGTERM of the orchestrator still stops it.
 */
import { fork, spawn, type ChildProcess, type ForkOptions, type SpawnOptions } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

const children = new Set<ChildProcess>();
const cleanups: Array<() => Promise<void> | void> = [];

export async function freePort(): Promise<number> {
  // BENCH_PORTS=3400-3499: a shared machine gives each run its own range; the first free one is taken.
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? "");
  if (!range) return listenOn(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    const got = await listenOn(port).catch(() => null);
    if (got !== null) return got;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

function listenOn(wanted: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject);
    s.listen(wanted, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Spawns a registered child in its own process group. */
export function spawnChild(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  track(child);
  return child;
}

/** Forks a registered Node child (IPC channel) in its own process group. */
export function forkChild(modulePath: string, args: string[], options: ForkOptions): ChildProcess {
  const child = fork(modulePath, args, { ...options, detached: true });
  track(child);
  return child;
}

function track(child: ChildProcess) {
  children.add(child);
  child.once("exit", () => children.delete(child));
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal); // the whole group: the child and its cluster workers
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM (graceful shutdown), then SIGKILL of the whole group after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  if (child.exitCode === null && child.signalCode === null) signalGroup(child, "SIGTERM");
  const deadline = Date.now() + graceMs;
  // Wait for the group, not only the leader: cluster workers may outlive their primary briefly.
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (groupAlive(pid)) signalGroup(child, "SIGKILL");
  children.delete(child);
}

/**
 * Registers work to undo at the end (temp dirs, databases), run in reverse order. Returns a
 * function that does it now instead (once), for the normal path.
 */
export function onCleanup(fn: () => Promise<void> | void): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await fn();
  };
  cleanups.push(once);
  return once;
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c)));
}

let cleaning: Promise<void> | null = null;
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllChildren();
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`clean-up failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return cleaning;
}

let interrupted = false;
/** True after Ctrl-C / SIGTERM: errors from children being stopped are expected then. */
export const wasInterrupted = () => interrupted;

/** Ctrl-C or a SIGTERM of the orchestrator still stops the children and removes temp files. */
export function installSignalHandlers() {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping child processes…`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
  // An error outside the main flow (an event handler) must not leave servers or databases behind.
  for (const event of ["uncaughtException", "unhandledRejection"] as const) {
    process.once(event, (err: unknown) => {
      console.error(`${event}:`, err);
      void cleanupAll().finally(() => process.exit(1));
    });
  }
}

export function removeDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Node processes in the tree below `pid` (Linux /proc). A single-process server has none; a
 * node:cluster primary has its workers. Used to learn how many processes actually serve.
 */
export function nodeDescendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Field 4 (ppid) follows the command name in parentheses, which may itself contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // the process exited meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parentOf) {
      if (ppid !== parent) continue;
      queue.push(child);
      try {
        const cmd = fs.readFileSync(`/proc/${child}/cmdline`, "utf8");
        if (/(^|\/)node\0/.test(cmd)) found.push(child);
      } catch {
        // gone
      }
    }
  }
  return found;
}
