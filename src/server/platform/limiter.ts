/**
 * At most `max` holders at once; the others wait, first come first served. Every acquire needs one release; `run`
 * does both around a task. The process's one semaphore: renders, argon2 hashes, image encodes.
 */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = (): Promise<void> => {
    if (running < max) {
      running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  /** Hands the place to the next in line, or frees it. */
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running = Math.max(0, running - 1);
  };
  return {
    acquire,
    release,
    /** Runs `task` once a place is free and frees it when the task settles, whether it succeeded or threw. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
