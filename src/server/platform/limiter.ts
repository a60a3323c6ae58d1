/** At most `max` holders at once; the others wait, first come first served. Every acquire needs one release. */
export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    acquire(): Promise<void> {
      if (running < max) {
        running++;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    /** Hands the place to the next in line, or frees it. */
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else running = Math.max(0, running - 1);
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
