import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.ts";

describe("createLimiter", () => {
  it("lets `max` in at once and the rest in order as places are released", async () => {
    const limit = createLimiter(2);
    const order: number[] = [];
    const enter = (n: number) => limit.acquire().then(() => order.push(n));
    const all = [enter(1), enter(2), enter(3), enter(4)];
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);
    limit.release();
    await Promise.resolve();
    expect(order).toEqual([1, 2, 3]);
    limit.release();
    limit.release();
    limit.release();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it("runs tasks `max` at a time and frees the place of a task that throws", async () => {
    const limit = createLimiter(1);
    let finish = () => {};
    const first = limit.run(() => new Promise<string>((resolve) => (finish = () => resolve("first"))));
    const failing = limit.run(async () => {
      throw new Error("refused");
    });
    const third = limit.run(async () => "third");
    await Promise.resolve();
    expect([limit.running, limit.waiting]).toEqual([1, 2]);
    finish();
    await expect(first).resolves.toBe("first");
    await expect(failing).rejects.toThrow("refused");
    await expect(third).resolves.toBe("third");
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });
});
