// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiAnswer } from "./send-request.ts";
import { CORRECT_FIELDS, type Refusal, useAdminSubmit } from "./use-admin-submit.ts";

const sent = vi.hoisted(() => ({ answers: [] as ApiAnswer[], requests: [] as unknown[], release: null as (() => void) | null }));
vi.mock("./send-request.ts", () => ({
  sendRequest: (request: unknown) => {
    sent.requests.push(request);
    const answer = sent.answers.shift() as ApiAnswer;
    return new Promise((resolve) => {
      sent.release = () => resolve(answer);
    });
  },
}));
const toasts = vi.hoisted(() => [] as string[]);
vi.mock("#web/components/ui/toaster.tsx", () => ({ notify: { success: (m: string) => toasts.push(m), error: () => {} } }));

let loads = 0;
const HydrateFallback = () => null;
function Router({ children }: { children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter([
      {
        path: "/",
        loader: () => {
          loads += 1;
          return null;
        },
        element: children,
        HydrateFallback,
      },
    ]),
  );
  return <RouterProvider router={router} />;
}

const ok: ApiAnswer = { ok: true, status: 200, data: { name: "Gold" }, message: null, issues: [] };
const refused: ApiAnswer = { ok: false, status: 400, data: null, message: "Bad", issues: [{ path: "body.name", message: "Too long" }] };

async function mount(refuse?: Refusal) {
  const hook = renderHook(() => useAdminSubmit(refuse), { wrapper: Router });
  await waitFor(() => expect(hook.result.current).not.toBeNull());
  return hook;
}

beforeEach(() => {
  sent.answers = [];
  sent.requests = [];
  toasts.length = 0;
  loads = 0;
});
afterEach(cleanup);

describe("useAdminSubmit", () => {
  it("keeps the form busy for the whole of a saving handler, then shows the success, the toast and loads the page again", async () => {
    const { result } = await mount();
    sent.answers.push(ok);
    const before = loads;
    let saved: ApiAnswer | null = null;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.saving(async (values: { name: string }) => {
        saved = await result.current.send({ method: "PUT", url: "/api/x", body: values });
        await result.current.succeed({ message: "Saved.", toast: "Saved it." });
      })({ name: "Gold" });
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      sent.release?.();
      await done;
    });
    expect(sent.requests).toEqual([{ method: "PUT", url: "/api/x", body: { name: "Gold" } }]);
    expect(saved).toEqual(ok);
    expect(result.current.busy).toBe(false);
    expect(result.current.shell).toEqual({ busy: false, error: null, success: "Saved." });
    expect(toasts).toEqual(["Saved it."]);
    expect(loads).toBe(before + 1);
  });

  it("places a refusal with the form's refusal (or the one given to send) and answers null", async () => {
    const seen: ApiAnswer[] = [];
    const { result } = await mount((answer) => {
      seen.push(answer);
      return CORRECT_FIELDS;
    });
    sent.answers.push(refused, refused);
    let first: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.send({ method: "POST", url: "/api/x" });
    });
    await act(async () => {
      sent.release?.();
      expect(await first).toBeNull();
    });
    expect(seen).toEqual([refused]);
    expect(result.current.failure).toBe(CORRECT_FIELDS);

    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      second = result.current.send({ method: "POST", url: "/api/x" }, (answer) => answer.message);
    });
    // Sending again clears the last failure until the answer comes.
    expect(result.current.failure).toBeNull();
    expect(result.current.busy).toBe(true);
    await act(async () => {
      sent.release?.();
      await second;
    });
    expect(result.current.failure).toBe("Bad");
    expect(result.current.busy).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it("says the API's message by default, and asks to correct the fields when the browser's check fails", async () => {
    const { result } = await mount();
    sent.answers.push(refused);
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = result.current.send({ method: "DELETE", url: "/api/x" });
    });
    await act(async () => {
      sent.release?.();
      await answer;
    });
    expect(result.current.failure).toBe("Bad");
    act(() => result.current.setSuccess("Earlier"));
    act(() => result.current.invalid());
    expect(result.current.shell).toEqual({ busy: false, error: CORRECT_FIELDS, success: null });
  });
});
