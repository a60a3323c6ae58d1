// HTTP throughput and latency with autocannon (the same machine as the server: figures are for comparison within one
// run, hence the ratio to the bare route measured in the same run).
import autocannon from "autocannon";

export type LoadTarget = {
  name: string;
  method?: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Per-request path (a different address each time); defaults to `path`. */
  pathFor?: (n: number) => string;
};

export type LoadFigures = {
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
};

export async function runLoad(base: string, target: LoadTarget, connections: number, durationS: number): Promise<LoadFigures> {
  let n = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    requests: [
      {
        method: target.method ?? "GET",
        path: target.path,
        ...(target.body ? { body: target.body } : {}),
        headers: { ...(target.body ? { "content-type": "application/json" } : {}), ...target.headers },
        ...(target.pathFor ? { setupRequest: (req: autocannon.Request) => ({ ...req, path: target.pathFor?.(n++) ?? target.path }) } : {}),
      },
    ],
  });
  return {
    connections,
    durationS,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
