import { readFile } from "node:fs/promises";

/** Resident memory of a process, in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Samples a process's resident memory every `everyMs` until stopped; returns the highest seen. */
export function peakRss(pid: number, everyMs = 100) {
  let peak = 0;
  const timer = setInterval(() => {
    rssMb(pid)
      .then((mb) => {
        peak = Math.max(peak, mb);
      })
      .catch(() => {});
  }, everyMs);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      peak = Math.max(peak, await rssMb(pid).catch(() => 0));
      return peak;
    },
  };
}
