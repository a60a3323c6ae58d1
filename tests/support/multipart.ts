import { randomBytes } from "node:crypto";

/** One part of a multipart/form-data body: a file when it has a filename, else a text field. */
export type FormPart = { name: string; data: Buffer | string; filename?: string; contentType?: string };

/**
 * A multipart/form-data body for `app.inject()`, written by hand as browsers do (RFC 7578): the payload and the
 * content-type header carrying its boundary. File names are sent as given (quotes and CR/LF escaped the way
 * browsers do), so tests can send hostile ones.
 */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: { "content-type": string } } {
  const boundary = `----vitest-${randomBytes(12).toString("hex")}`;
  const quoted = (s: string) => s.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${quoted(part.filename)}"`;
    head += "\r\n";
    if (part.filename !== undefined || part.contentType) head += `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    head += "\r\n";
    chunks.push(Buffer.from(head), typeof part.data === "string" ? Buffer.from(part.data) : part.data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A file part. */
export const file = (name: string, filename: string, data: Buffer, contentType = "image/png"): FormPart => ({
  name,
  filename,
  data,
  contentType,
});
