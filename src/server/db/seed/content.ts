import type { Storage } from "../../platform/storage/storage.ts";
import type { Db } from "../client.ts";

export type DemoContentOptions = { dealerUserId: number; media: boolean };

/** Demo catalogue and content. */
export async function seedDemoContent(_db: Db, _storage: Storage, _opts: DemoContentOptions): Promise<void> {}
