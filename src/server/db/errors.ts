/** A Postgres error code on the error or on one of its causes (drizzle and the drivers wrap it differently). */
function hasPgCode(err: unknown, code: string): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === code) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** unique_violation: two writers raced for the same unique value. */
export const isUniqueViolation = (err: unknown): boolean => hasPgCode(err, "23505");
/** foreign_key_violation: the row is still referenced. */
export const isForeignKeyViolation = (err: unknown): boolean => hasPgCode(err, "23503");
