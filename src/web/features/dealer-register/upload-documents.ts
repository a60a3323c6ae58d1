import type { DocumentField } from "#shared/schemas/documents.ts";

export type UploadAnswer = { ok: boolean; status: number; message: string | null };

/**
 * Sends one file to the API's multipart upload (the session cookie and the browser's own Origin go with it),
 * reporting the upload's progress from 0 to 1. XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadDocument(
  userId: number,
  field: DocumentField,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    // Text fields first (a ZERA licence's class), then the file.
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(field, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/dealer/upload-documents/${userId}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    });
    xhr.addEventListener("load", () => {
      let message: string | null = null;
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof parsed.message === "string") message = parsed.message;
      } catch {
        message = null;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) onProgress(1);
      resolve({ ok, status: xhr.status, message });
    });
    xhr.addEventListener("error", () => resolve({ ok: false, status: 0, message: null }));
    xhr.addEventListener("abort", () => resolve({ ok: false, status: 0, message: null }));
    xhr.send(body);
  });
}
