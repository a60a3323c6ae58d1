import { and, asc, eq, getTableColumns, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { MediaFolder } from "#shared/media.ts";
import type { Db, Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { SignedIn } from "../auth/actor.ts";
import { ConflictError, FieldError, NotFoundError } from "../errors.ts";
import { checkKept, type PlannedImage } from "../uploads/image-plan.ts";
import type { FilePut, StoredFile, StoredFiles } from "../uploads/stored-files.ts";

/**
 * A back-office resource described once: the descriptor says where its rows live, how they read in the
 * API, how the audit log names them and which stored files they own; the helpers below (`rowOf`, `create`,
 * `update`, `remove`, `move`) hold the transaction, the row lock, the conflict check, the file handling and the
 * audit entry for every resource, and the refusal of a duplicate (`unique`). Rules of one resource (a certificate's
 * required PDF, a tier still in use) stay in that resource's service code, passed to the helpers as
 * `set`/`values`/`refuse` callbacks.
 */

/** Files a row owns: the public images (or files) named by some of its columns. */
export type FileSlot<Row> = { folder: MediaFolder; kind: "image" | "file"; of: (row: Row) => readonly (string | null)[] };

export type Resource<T extends PgTable, Row, View> = {
  /** The noun in messages, lower case unless it is an acronym: "blog", "case study", "FAQ". */
  name: string;
  table: T;
  id: AnyPgColumn;
  /** The columns read, keyed by the spec's field names (the row). */
  columns: Record<string, AnyPgColumn | SQL | SQL.Aliased>;
  /** The row as the API answers it. */
  view: (row: Row) => View;
  audit: {
    entity: string;
    label: (row: Row) => string;
    /** Summaries worded otherwise than "<label> added" / "updated" / "deleted" (the catalogue's "Added product “…”"). */
    summary?: Partial<Record<"create" | "update" | "delete", (row: Row) => string>>;
  };
  files?: readonly FileSlot<Row>[];
  /** Kept in the admin's order (`sort_order`): new rows go last, `move` takes one up or down. */
  ordered?: true;
  /** "removed" where the site says a record is removed rather than deleted (team members). */
  deleteWord?: string;
  /** The 404's message where it is not "<Name> not found." (the rates': "No such VAT rate."). */
  notFound?: string;
  /** Values no two rows share; see `Unique`. */
  unique?: Unique;
};

/**
 * The columns no two rows share (together), as the table's unique index has them: `create` and `update` look for
 * another row with the new values first, and a unique violation (a writer that raced past that look) is refused the
 * same way. Answered 409 with the resource's message, or a 400 on `field` where the API reports the duplicate as
 * that field's fault (a tier's name, a branch's name).
 */
export type Unique = {
  columns: readonly AnyPgColumn[];
  /** Compared whatever their case, as an index on lower(column) does. */
  ignoreCase?: true;
  message: string;
  field?: string;
};

/** Declares a resource; the row type comes from its `view`. */
export const defineResource = <T extends PgTable, Row, View>(resource: Resource<T, Row, View>) => resource;

export type Auditor = {
  record(
    exec: Db | Tx,
    actor: SignedIn,
    change: { entity: string; entityId: number; action: string; summary?: string; before?: unknown; after?: unknown },
  ): Promise<void>;
};

export type MoveDirection = "up" | "down";

/** Any resource, whatever its rows (they are only ever passed in). */
type AnyResource = Resource<PgTable, never, unknown>;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A short quotation of a record's name for the audit summary. */
export const quote = (s: string) => `"${s.length > 60 ? `${s.slice(0, 57)}…` : s}"`;

type Insert<T extends PgTable> = T["$inferInsert"];
type Stored<S> = { store?: (put: FilePut) => Promise<S> };

/** The files toolkit of resources that own none (the dated rates): nothing is stored or removed. */
const noFiles: Pick<StoredFiles, "withStoredFiles" | "removeAfterCommit"> = {
  withStoredFiles: async (store, change) => change(await store(undefined as never), { remove: () => {} }),
  removeAfterCommit: (change) => change({ remove: () => {} }),
};

/** The refusal of a duplicate. */
const taken = (unique: Unique) => (unique.field ? new FieldError(unique.message, unique.field) : new ConflictError(unique.message));

/** A unique violation of a resource with `unique` as its refusal; any other error as it is. */
const refusedDuplicate =
  (res: AnyResource) =>
  (err: unknown): never => {
    throw res.unique && isUniqueViolation(err) ? taken(res.unique) : err;
  };

export function createResources({
  db,
  audit,
  files = noFiles,
}: {
  db: Db;
  audit: Auditor;
  files?: Pick<StoredFiles, "withStoredFiles" | "removeAfterCommit">;
}) {
  /** The `sort_order` column of an ordered resource. */
  function orderColumn(res: AnyResource): AnyPgColumn {
    const column = (getTableColumns(res.table) as Record<string, AnyPgColumn>).sortOrder;
    if (!res.ordered || !column) throw new Error(`${res.name} is not kept in order`);
    return column;
  }

  const filesOf = <Row>(res: Resource<PgTable, Row, unknown>, row: Row): StoredFile[] =>
    (res.files ?? []).flatMap((slot) =>
      slot.of(row).flatMap((name) => (name ? [{ kind: slot.kind, folder: slot.folder, name } as StoredFile] : [])),
    );
  const sameFile = (a: StoredFile, b: StoredFile) =>
    a.kind !== "private" && b.kind !== "private" && a.folder === b.folder && a.name === b.name;

  /** The record with this id (locked until the transaction ends with `lock`), or 404 "<Name> not found.". */
  async function rowOf<Row>(exec: Db | Tx, res: Resource<PgTable, Row, unknown>, id: number, lock = false): Promise<Row> {
    const query = exec
      .select(res.columns)
      .from(res.table as PgTable)
      .where(eq(res.id, id));
    const [row] = await (lock ? query.for("update") : query);
    if (!row) throw new NotFoundError(res.notFound ?? `${capital(res.name)} not found.`);
    return row as Row;
  }

  /**
   * Refuses values another row already has in the resource's unique columns (`values`: the insert's or the change's,
   * by the table's keys; a column the change leaves is taken from `before`, the row as it was).
   */
  async function refuseTaken<Row>(
    tx: Tx,
    res: Resource<PgTable, Row, unknown>,
    values: Record<string, unknown>,
    self?: { id: number; before: Row },
  ): Promise<void> {
    const unique = res.unique;
    if (!unique) return;
    const keys = unique.columns.map((column) => tableKey(res, column));
    // A change that sets none of them cannot make a duplicate.
    if (self && !keys.some((key) => key in values)) return;
    const conditions = unique.columns.map((column, i) => {
      const key = keys[i] as string;
      const value = key in values ? values[key] : ((self?.before ?? {}) as Record<string, unknown>)[rowKey(res, column)];
      return unique.ignoreCase ? sql`lower(${column}) = lower(${value})` : eq(column, value);
    });
    const [other] = await tx
      .select({ id: res.id })
      .from(res.table as PgTable)
      .where(and(...conditions, ...(self ? [ne(res.id, self.id)] : [])))
      .limit(1);
    if (other) throw taken(unique);
  }

  /** A new record, last in the order when the resource is ordered; its files stored first and removed on failure. */
  async function create<T extends PgTable, Row, View, S = undefined>(
    me: SignedIn,
    res: Resource<T, Row, View>,
    spec: Stored<S> & { values: (stored: S, tx: Tx) => Insert<T> | Promise<Insert<T>> },
  ): Promise<View> {
    return files
      .withStoredFiles(
        async (put) => (spec.store ? spec.store(put) : (undefined as S)),
        (stored) =>
          db.transaction(async (tx) => {
            const values: Record<string, unknown> = { ...(await spec.values(stored, tx)) };
            await refuseTaken(tx, res, values);
            if (res.ordered) {
              const column = orderColumn(res);
              values.sortOrder = sql<number>`(select coalesce(max(${column}), -1) + 1 from ${res.table})`;
            }
            const [row] = (await tx
              .insert(res.table)
              .values(values as Insert<T>)
              .returning(res.columns)) as Row[];
            const view = res.view(row as Row);
            await audit.record(tx, me, {
              entity: res.audit.entity,
              entityId: (row as Record<string, number>)[idKey(res)] as number,
              action: "create",
              summary: res.audit.summary?.create?.(row as Row) ?? `${res.audit.label(row as Row)} added`,
              after: view,
            });
            return view;
          }),
      )
      .catch(refusedDuplicate(res));
  }

  /**
   * Changes a record: its new files stored first; on the locked row, the images a plan keeps must still be there
   * (409 otherwise), `set` gives the new values; the files the row no longer names go once the change is saved.
   */
  async function update<T extends PgTable, Row, View, S = undefined>(
    me: SignedIn,
    res: Resource<T, Row, View>,
    id: number,
    spec: Stored<S> & {
      set: (before: Row, stored: S, tx: Tx) => Partial<Insert<T>> | Promise<Partial<Insert<T>>>;
      /** The images a plan made before storing keeps (checked on the locked row). */
      keeps?: readonly PlannedImage[];
      summary?: (after: Row, before: Row) => string;
      /** The audit entry's action where it is not "update" (a rate's "correct"). */
      action?: string;
      /** Said in the audit entry beside the record as it now is (a correction's reason). */
      note?: Record<string, unknown>;
    },
  ): Promise<View> {
    return files
      .withStoredFiles(
        async (put) => (spec.store ? spec.store(put) : (undefined as S)),
        (stored, after) =>
          db.transaction(async (tx) => {
            const before = await rowOf(tx, res, id, true);
            if (spec.keeps)
              checkKept(
                spec.keeps,
                filesOf(res, before).map((f) => (f.kind === "private" ? f.key : f.name)),
                res.name,
              );
            const set = await spec.set(before, stored, tx);
            await refuseTaken(tx, res, set as Record<string, unknown>, { id, before });
            // Nothing to set (a change made by `set` itself, or none at all): the row as it now is.
            const changed =
              Object.keys(set).length === 0
                ? await rowOf(tx, res, id)
                : ((
                    await tx
                      .update(res.table)
                      .set(set as Partial<Insert<T>>)
                      .where(eq(res.id, id))
                      .returning(res.columns)
                  )[0] as Row);
            const view = res.view(changed);
            await audit.record(tx, me, {
              entity: res.audit.entity,
              entityId: id,
              action: spec.action ?? "update",
              summary: spec.summary?.(changed, before) ?? res.audit.summary?.update?.(changed) ?? `${res.audit.label(changed)} updated`,
              before: res.view(before),
              after: spec.note ? { ...(view as object), ...spec.note } : view,
            });
            const kept = filesOf(res, changed);
            after.remove(...filesOf(res, before).filter((f) => !kept.some((k) => sameFile(f, k))));
            return view;
          }),
      )
      .catch(refusedDuplicate(res));
  }

  /**
   * Deletes a record (after `refuse`, a rule of the resource, has had its say); its files go once it is gone, with
   * those of the records the database deletes with it (`dependents` writes their audit entries and names their files).
   */
  async function remove<Row>(
    me: SignedIn,
    res: Resource<PgTable, Row, unknown>,
    id: number,
    spec: {
      refuse?: (tx: Tx, before: Row) => Promise<void>;
      dependents?: (tx: Tx, before: Row) => Promise<readonly StoredFile[]>;
    } = {},
  ): Promise<{ message: string }> {
    const word = res.deleteWord ?? "deleted";
    await files.removeAfterCommit((after) =>
      db.transaction(async (tx) => {
        const before = await rowOf(tx, res, id, true);
        await spec.refuse?.(tx, before);
        const dependents = await (spec.dependents?.(tx, before) ?? []);
        await tx.delete(res.table).where(eq(res.id, id));
        await audit.record(tx, me, {
          entity: res.audit.entity,
          entityId: id,
          action: "delete",
          summary: res.audit.summary?.delete?.(before) ?? `${res.audit.label(before)} ${word}`,
          before: res.view(before),
        });
        after.remove(...filesOf(res, before), ...dependents);
      }),
    );
    return { message: `The ${res.name} has been ${word}.` };
  }

  /**
   * Moves a record of an ordered resource one place up or down and numbers the list again (0, 1, 2 …). The first
   * moved up (or the last down) stays where it is: answered as it is, with nothing written.
   */
  async function move(me: SignedIn, res: AnyResource, id: number, direction: MoveDirection): Promise<{ message: string; order: number[] }> {
    const column = orderColumn(res);
    return db.transaction(async (tx) => {
      const target = await rowOf<never>(tx, res, id, true);
      const rows = await tx
        .select({ id: res.id, sortOrder: column })
        .from(res.table as PgTable)
        .orderBy(asc(column), asc(res.id))
        .for("update");
      const order = rows.map((r) => r.id as number);
      const from = order.indexOf(id);
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= order.length) {
        return { message: `The ${res.name} is already ${direction === "up" ? "first" : "last"}.`, order };
      }
      [order[from], order[to]] = [order[to] as number, id];
      for (const [index, rowId] of order.entries()) {
        if (rows.find((r) => r.id === rowId)?.sortOrder !== index) {
          await tx
            .update(res.table)
            .set({ sortOrder: index } as never)
            .where(eq(res.id, rowId));
        }
      }
      await audit.record(tx, me, {
        entity: res.audit.entity,
        entityId: id,
        action: "update",
        summary: `${res.audit.label(target)} moved ${direction}`,
        before: { position: from + 1 },
        after: { position: to + 1 },
      });
      return { message: `The ${res.name} has been moved ${direction}.`, order };
    });
  }

  return { rowOf, create, update, remove, move };
}

/** The key of the id among a resource's columns (`id`, or `article_id`). */
function idKey(res: AnyResource): string {
  const entry = Object.entries(res.columns).find(([, column]) => column === res.id);
  if (!entry) throw new Error(`${res.name}: the id column is not among its columns`);
  return entry[0];
}

/** The table's key (its `$inferInsert` name) of one of its columns. */
function tableKey(res: AnyResource, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(res.table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`${res.name}: a unique column is not one of its table's`);
  return entry[0];
}

/** The key of a column among a resource's columns (the row's). */
function rowKey(res: AnyResource, column: AnyPgColumn): string {
  const entry = Object.entries(res.columns).find(([, c]) => c === column);
  if (!entry) throw new Error(`${res.name}: a unique column is not among its columns`);
  return entry[0];
}

export type Resources = ReturnType<typeof createResources>;
