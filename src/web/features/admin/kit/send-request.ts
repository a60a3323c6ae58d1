/** What the API answered: ok, the status, the parsed body, its `message` and field `issues` when it failed. */
export type ApiAnswer<T = unknown> = {
  ok: boolean;
  status: number;
  data: T | null;
  message: string | null;
  issues: { path: string; message: string }[];
};

export type SendOptions = {
  method: "POST" | "PUT" | "DELETE" | "PATCH";
  url: string;
  /** FormData is sent as multipart (files with upload progress); anything else as JSON. */
  body?: FormData | unknown;
  /** Upload progress from 0 to 1 (multipart only). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export const NETWORK_FAILURE = "The server could not be reached. Check your connection and try again; nothing was lost.";

function parse<T>(status: number, text: string): ApiAnswer<T> {
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  const ok = status >= 200 && status < 300;
  const body = (data ?? {}) as { message?: unknown; issues?: unknown };
  const issues = Array.isArray(body.issues)
    ? body.issues.filter(
        (i): i is { path: string; message: string } =>
          typeof i === "object" && i !== null && typeof i.path === "string" && typeof i.message === "string",
      )
    : [];
  return {
    ok,
    status,
    data: ok ? (data as T) : null,
    message: typeof body.message === "string" ? body.message : ok ? null : `The request failed (${status}).`,
    issues,
  };
}

/**
 * Sends a back-office change to the API with the session cookie. XMLHttpRequest, because fetch reports no upload
 * progress. Never throws: a network failure answers status 0 with NETWORK_FAILURE, and the form keeps its values.
 */
export function sendRequest<T = unknown>({ method, url, body, onProgress, signal }: SendOptions): Promise<ApiAnswer<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    let payload: XMLHttpRequestBodyInit | null = null;
    if (body instanceof FormData) {
      payload = body;
      xhr.upload.addEventListener("progress", (e) => {
        if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
      });
    } else if (body !== undefined) {
      xhr.setRequestHeader("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const fail = () => resolve({ ok: false, status: 0, data: null, message: NETWORK_FAILURE, issues: [] });
    xhr.addEventListener("load", () => {
      const answer = parse<T>(xhr.status, xhr.responseText);
      if (answer.ok) onProgress?.(1);
      resolve(answer);
    });
    xhr.addEventListener("error", fail);
    xhr.addEventListener("abort", fail);
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(payload);
  });
}

/** The form field an API issue points at: "body.images.2" → "images", "body.price_usd" → "price_usd". */
export function issueField(path: string): string {
  const parts = path.split(".");
  const rest = parts[0] === "body" || parts[0] === "querystring" ? parts.slice(1) : parts;
  return rest.filter((p) => !/^\d+$/.test(p)).join(".") || "root";
}
