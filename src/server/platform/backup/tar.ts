import { once } from "node:events";
import type { Readable, Writable } from "node:stream";

/**
 * Just enough of the ustar format to write and read a backup archive (regular files only), so a backup is a plain
 * .tar.gz that `tar tzf` lists and `tar xzf` unpacks, without a dependency.
 */
const BLOCK = 512;

function splitName(name: string): { name: string; prefix: string } {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: "" };
  for (let i = name.length - 1; i > 0; i--) {
    if (name[i] !== "/") continue;
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`Name too long for the archive: ${name}`);
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

export function tarHeader(fullName: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK, 0);
  const { name, prefix } = splitName(fullName);
  header.write(name, 0, 100, "utf8");
  header.write(octal(0o644, 8), 100, 8, "ascii");
  header.write(octal(0, 8), 108, 8, "ascii");
  header.write(octal(0, 8), 116, 8, "ascii");
  header.write(octal(size, 12), 124, 12, "ascii");
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, "ascii");
  header.write("        ", 148, 8, "ascii");
  header.write("0", 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

/** Writes entries to a stream (a gzip stream, usually), waiting for it to drain. */
export function createTarWriter(out: Writable) {
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  return {
    async add(name: string, body: Buffer, mtime = new Date()) {
      await write(tarHeader(name, body.length, mtime));
      await write(body);
      const pad = (BLOCK - (body.length % BLOCK)) % BLOCK;
      if (pad > 0) await write(Buffer.alloc(pad, 0));
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2, 0));
      out.end();
      await once(out, "finish");
    },
  };
}

export type TarEntry = { name: string; body: Buffer };

/** Reads the regular files of a tar stream one by one, each body whole in memory. */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const chunks: Buffer[] = [];
  let buffered = 0;
  const source = input[Symbol.asyncIterator]();
  let ended = false;
  const take = async (n: number): Promise<Buffer | null> => {
    while (buffered < n && !ended) {
      const next = await source.next();
      if (next.done) ended = true;
      else {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
        chunks.push(chunk);
        buffered += chunk.length;
      }
    }
    if (buffered < n) return null;
    const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    chunks.length = 0;
    if (rest.length > 0) chunks.push(rest);
    buffered = rest.length;
    return out;
  };
  for (;;) {
    const header = await take(BLOCK);
    if (!header) throw new Error("The archive is truncated (no end-of-archive marker)");
    if (header.every((b) => b === 0)) return;
    const text = (start: number, len: number) => header.toString("utf8", start, start + len).replace(/\0.*$/s, "");
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
    if (sum !== Number.parseInt(text(148, 8).trim(), 8)) throw new Error("The archive is damaged (header checksum)");
    const size = Number.parseInt(text(124, 12).trim() || "0", 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1) || "0";
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    const data = await take(padded);
    if (!data) throw new Error(`The archive is truncated (in ${name})`);
    // Copied: the slice would otherwise keep the whole read buffer alive.
    if (type === "0") yield { name, body: Buffer.from(data.subarray(0, size)) };
  }
}
