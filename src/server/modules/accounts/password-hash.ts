import { hash, verify as verifyArgon2 } from "@node-rs/argon2";
import { createLimiter } from "../../platform/limiter.ts";

// Argon2id at OWASP's minimum cost: ~20 ms here, so logins stay quick under load.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash or check holds 19 MB while it runs, on libuv's four threads: two at a time (the machine's cores) keep a
 * burst of logins from adding 80 MB to the server's memory (DESIGN.md §7) without making them slower.
 */
const argon2Slots = createLimiter(2);

export function hashPassword(password: string): Promise<string> {
  return argon2Slots.run(() => hash(password, ARGON2));
}

export function verify(passwordHash: string, password: string): Promise<boolean> {
  return argon2Slots.run(() => verifyArgon2(passwordHash, password));
}
