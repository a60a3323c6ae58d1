import { eq, sql } from "drizzle-orm";
import type { MediaFolder } from "#shared/media.ts";
import type { Db } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { dealerDocuments } from "../db/schema/dealers.ts";
import { demoPictures } from "../db/schema/demo-pictures.ts";
import { createLimiter } from "../platform/limiter.ts";
import { type Log, silentLog } from "../platform/log.ts";
import type { PendingFiles } from "../platform/storage/pending-files.ts";
import type { Storage, Visibility } from "../platform/storage/storage.ts";
import { renderWebp, setRenderCache, storeImage } from "./artwork.ts";

/**
 * The demo's pictures, drawn after the site is up (decision 027). The seed writes every row of the demo and records
 * here what to draw (`PictureList`, written to `demo_pictures` by `recordPictures`); `openDemoPictures` then draws
 * them in the background, one at a time, and draws at once any that a request asks for first. Each row is deleted
 * once its files are stored, so a restart draws what is left and nothing again.
 */

export type Picture = { key: string; visibility: Visibility; widths: boolean; svg: string };

/** What the seeders record; `all` is written by `recordPictures`. */
export type PictureList = {
  /** A public image stored at every width (`storeImage`); returns `name`, which the row names. */
  image(folder: MediaFolder, name: string, svg: string): string;
  /** A private WebP (a dealer's specimen document) at `key`; its row's size is written once it is drawn. */
  document(key: string, svg: string): void;
  readonly all: readonly Picture[];
};

export function pictureList(): PictureList {
  const all: Picture[] = [];
  return {
    image(folder, name, svg) {
      all.push({ key: `${folder}/${name}`, visibility: "public", widths: true, svg });
      return name;
    },
    document(key, svg) {
      all.push({ key, visibility: "private", widths: false, svg });
    },
    all,
  };
}

/** Writes what to draw: the pages' pictures first, then the private documents (an admin's, later). */
export async function recordPictures(db: Db, pictures: readonly Picture[]): Promise<void> {
  const ordered = [...pictures.filter((p) => p.visibility === "public"), ...pictures.filter((p) => p.visibility === "private")];
  for (let i = 0; i < ordered.length; i += 50) {
    await db
      .insert(demoPictures)
      .values(ordered.slice(i, i + 50))
      .onConflictDoNothing();
  }
}

/** How long a claimed picture is one process's: past it, another process (or this one, restarted) draws it. */
export const PICTURE_LEASE_MS = 2 * 60_000;

/** A file of a stored image's widths or of their twins (`<name>-w800.webp`, `-w800.avif`, `-w288.webp`). */
const WIDTH_FILE = /^(.+)-w\d+\.(?:webp|avif|jpg)$/;

export type DemoPictures = PendingFiles & {
  /**
   * Draws every picture left, `parallel` at a time (1, the default: the background's low priority, one core), claiming
   * each so that two processes on one database never draw the same; resolves with the number this call drew, once
   * none is left to claim (pictures claimed by another process are waited for until its claim runs out) or `stop()`.
   */
  drawAll(opts?: { parallel?: number }): Promise<number>;
  /** Draws no more, after the pictures being drawn (app close). */
  stop(): Promise<void>;
  /** Where a picture that cannot be drawn is logged (the app's logger, once it exists). */
  logTo(log: Log): void;
};

/**
 * The demo's pictures still to draw, read once (normally none: one cheap query at start). `releaseClaims` (PGlite:
 * one process's database, so a claim found at start was left by this process's previous run) makes them drawable now.
 */
export async function openDemoPictures(
  db: Db,
  storage: Storage,
  opts: {
    mediaCache?: string | undefined;
    releaseClaims?: boolean;
    log?: Log;
    now?: () => Date;
    /** How often to look again while another process holds the last claims (default 5 s). */
    pollMs?: number;
  } = {},
): Promise<DemoPictures> {
  let log = opts.log ?? silentLog;
  const now = opts.now ?? (() => new Date());
  const rows = await db
    .select({ key: demoPictures.key, visibility: demoPictures.visibility, widths: demoPictures.widths })
    .from(demoPictures);
  if (rows.length > 0) {
    setRenderCache(opts.mediaCache);
    if (opts.releaseClaims) await db.update(demoPictures).set({ claimedUntil: null });
  }
  const idOf = (visibility: Visibility, key: string) => `${visibility}/${key}`;
  /** Not yet drawn, as far as this process knows (another process may have drawn some: its row is gone then). */
  const pending = new Map(rows.map((r) => [idOf(r.visibility, r.key), r]));
  const drawing = new Map<string, Promise<void>>();
  const drawnHere = new Set<string>();
  /** Pictures a request waits for, one at a time beside the background's. */
  const onDemand = createLimiter(1);
  /** Failed here (logged): not claimed again by this process; a restart tries them again. */
  const failed = new Set<string>();
  /** Claimed by this process's loops and not finished yet. */
  const claimedHere = new Set<string>();
  let stopping = false;
  const loops = new Set<Promise<number>>();
  const sleepers = new Set<() => void>();

  async function draw(p: Picture): Promise<void> {
    if (p.widths) {
      const slash = p.key.lastIndexOf("/");
      await storeImage(storage, p.key.slice(0, slash) as MediaFolder, p.key.slice(slash + 1), p.svg);
    } else {
      const body = await renderWebp(p.svg);
      await storage.put(p.visibility, p.key, body);
      // A specimen document's row was written before it was drawn, with no size.
      if (p.visibility === "private")
        await db.update(dealerDocuments).set({ sizeBytes: body.length }).where(eq(dealerDocuments.storageKey, p.key));
    }
    await db.delete(demoPictures).where(eq(demoPictures.key, p.key));
  }

  /** Draws `id` once however many ask (the background and requests); `load` gives its row, null when already drawn. */
  function drawOnce(id: string, load: () => Promise<Picture | null>, queue?: typeof onDemand): Promise<void> {
    let running = drawing.get(id);
    if (!running) {
      const task = async () => {
        // Claimed by the background while a request's drawing of it was finishing: drawn already.
        if (drawnHere.has(id)) return;
        const p = await load();
        if (p) await draw(p);
        drawnHere.add(id);
        pending.delete(id);
      };
      running = (queue ? queue.run(task) : task()).finally(() => drawing.delete(id));
      drawing.set(id, running);
    }
    return running;
  }

  function pictureOf(visibility: Visibility, key: string): string | null {
    const id = idOf(visibility, key);
    if (pending.has(id)) return id;
    const width = visibility === "public" ? WIDTH_FILE.exec(key) : null;
    const source = width ? idOf("public", `${width[1]}.webp`) : null;
    return source && pending.get(source)?.widths ? source : null;
  }

  /** `and key not in (…)` for the keys given, or nothing. */
  const except = (keys: Iterable<string>) => {
    const list = [...keys];
    return list.length > 0
      ? sql`and key not in (${sql.join(
          list.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql``;
  };

  async function claim(): Promise<Picture | null> {
    const at = now();
    const [row] = rowsOf<Picture>(
      await db.execute(sql`
        update demo_pictures set claimed_until = ${new Date(at.getTime() + PICTURE_LEASE_MS).toISOString()}
        where key = (
          select key from demo_pictures
          where (claimed_until is null or claimed_until <= ${at.toISOString()}) ${except(failed)}
          order by seq limit 1 for update skip locked)
        returning key, visibility, widths, svg`),
    );
    if (row) claimedHere.add(row.key);
    return row ?? null;
  }

  /**
   * When the first picture claimed by another process runs out of its claim (it may have died); null when no picture
   * is left but those this process is drawing or could not draw.
   */
  async function nextClaimEnds(): Promise<Date | null> {
    const [row] = rowsOf<{ key: string; until: string | Date | null }>(
      await db.execute(
        sql`select key, claimed_until as until from demo_pictures where true ${except([...failed, ...claimedHere])} order by claimed_until nulls first limit 1`,
      ),
    );
    if (!row) return null;
    return row.until ? new Date(row.until) : now();
  }

  /** Waits `ms`, or less when stop() is called. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  /** The next picture to draw, or when to look again (null: nothing left for this process). */
  async function next(): Promise<Picture | { retryInMs: number } | null> {
    const p = await claim();
    if (p) return p;
    const ends = await nextClaimEnds();
    if (!ends) return null;
    return { retryInMs: Math.max(50, Math.min(opts.pollMs ?? 5000, ends.getTime() - now().getTime() + 50)) };
  }

  async function loop(): Promise<number> {
    let drawn = 0;
    let databaseFailed = false;
    while (!stopping) {
      let p: Awaited<ReturnType<typeof next>>;
      try {
        p = await next();
        databaseFailed = false;
      } catch (err) {
        // The database is away (a PostgreSQL restart): said once, tried again every few seconds.
        if (!databaseFailed) log.error({ err }, "the demo pictures wait for the database");
        databaseFailed = true;
        p = { retryInMs: 5000 };
      }
      if (!p) {
        // Left: the pictures this process's other loops are drawing and those that failed here. Any other was drawn.
        for (const [id, r] of pending) if (!failed.has(r.key) && !claimedHere.has(r.key) && !drawing.has(id)) pending.delete(id);
        break;
      }
      if ("retryInMs" in p) {
        if (!stopping) await pause(p.retryInMs);
        continue;
      }
      const picture = p;
      try {
        await drawOnce(idOf(picture.visibility, picture.key), async () => picture);
        drawn++;
      } catch (err) {
        failed.add(picture.key);
        log.error({ err, key: picture.key }, "a demo picture could not be drawn");
      } finally {
        claimedHere.delete(picture.key);
      }
      // Between two pictures the event loop answers what came in.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return drawn;
  }

  return {
    get size() {
      return pending.size;
    },
    async ensure(visibility, key) {
      const id = pending.size > 0 ? pictureOf(visibility, key) : null;
      if (!id) return;
      const entry = pending.get(id);
      try {
        await drawOnce(
          id,
          async () => {
            const [row] = await db
              .select()
              .from(demoPictures)
              .where(eq(demoPictures.key, entry?.key ?? ""));
            return row ? { key: row.key, visibility: row.visibility, widths: row.widths, svg: row.svg } : null;
          },
          onDemand,
        );
      } catch (err) {
        log.error({ err, key }, "a demo picture could not be drawn");
      }
    },
    async drawAll({ parallel = 1 } = {}) {
      if (pending.size === 0 || stopping) return 0;
      const running = Array.from({ length: parallel }, () => loop());
      for (const r of running) loops.add(r);
      try {
        return (await Promise.all(running)).reduce((a, b) => a + b, 0);
      } finally {
        for (const r of running) loops.delete(r);
      }
    },
    logTo(next) {
      log = next;
    },
    async stop() {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      await Promise.allSettled([...loops, ...drawing.values()]);
    },
  };
}

/** Draws every picture the seed recorded, now (the browser suite's setup and the tests that read the demo's files). */
export async function drawDemoPictures(db: Db, storage: Storage, opts: { mediaCache?: string | undefined } = {}): Promise<number> {
  const pictures = await openDemoPictures(db, storage, { ...opts, releaseClaims: true });
  return pictures.drawAll({ parallel: 4 });
}
