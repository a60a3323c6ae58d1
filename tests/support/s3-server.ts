import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point a server (or loadConfig) at this bucket. */
  env: Record<string, string>;
  /** Where the server keeps its objects (bucket/key…), to look behind the API. */
  directory: string;
  close(): Promise<void>;
};

type ObjectStore = { putContent(objectPath: string, content: unknown): Promise<[number, string]> };

/**
 * S3 replaces an object whole: a reader gets the old object or the new one, never part of one. s3rver writes over the
 * object's file in place, so a read during an overwrite (two server processes storing the same derived image) could
 * get it cut short. Here the content is written beside it and renamed over it, as atomic as S3's own.
 */
function replaceObjectsWhole(server: S3rver) {
  const store = (server as unknown as { store: ObjectStore }).store;
  const streamed = store.putContent.bind(store);
  store.putContent = async (objectPath, content) => {
    const partial = `${objectPath}.${randomUUID()}.partial`;
    let written: [number, string];
    if (Buffer.isBuffer(content)) {
      await writeFile(partial, content);
      written = [content.length, createHash("md5").update(content).digest("hex")];
    } else {
      written = await streamed(partial, content);
    }
    await rename(partial, objectPath);
    return written;
  };
}

/** Its fixed test credentials: an unknown access key is refused (403). */
const ACCESS_KEY = "S3RVER";

/**
 * A local S3-compatible server (@20minutes/s3rver, in this process, objects in a temporary folder) with one empty
 * bucket, on a free port of 127.0.0.1. It checks the access key but not the signature: it canonicalises bucket
 * paths without the trailing slash the v3 SDK signs, so every bucket-level request would fail its check.
 */
export async function startLocalS3(bucket = "solar-test"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "solar-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  replaceObjectsWhole(server);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      // Node 20 is still supported here; the SDK's notice about its future Node 22 minimum is noise in test output.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
