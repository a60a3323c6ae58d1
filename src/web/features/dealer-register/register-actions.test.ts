import { describe, expect, it } from "vitest";
import type { WebContext } from "../../load-context.ts";
import { registerAction } from "./register-actions.server.ts";

/** The installations form before its script runs: Add and Remove post the list and get it back edited, unsaved. */
function post(fields: Record<string, string>) {
  const body = new URLSearchParams({ intent: "installations", ...fields });
  return new Request("http://x/dealer/register", { method: "POST", body });
}

// No service may be called: editing the list saves nothing.
const context = {
  services: new Proxy(
    {},
    {
      get: () => {
        throw new Error("no service call expected");
      },
    },
  ),
} as unknown as WebContext;

const item = (n: number) => ({
  [`installations.${n}.id`]: "",
  [`installations.${n}.systemDescription`]: `System ${n}`,
  [`installations.${n}.sizeOfSystem`]: `${n}kW`,
  [`installations.${n}.email`]: `c${n}@example.com`,
  [`installations.${n}.phoneNumber`]: "+263 77 000 0000",
});

describe("installations without JavaScript", () => {
  it("adds an empty item, keeping what was typed", async () => {
    const result = (await registerAction(post({ ...item(0), edit: "add" }), context, 1)) as { data: { installations: object[] } };
    expect(result.data.installations).toEqual([
      { id: "", systemDescription: "System 0", sizeOfSystem: "0kW", email: "c0@example.com", phoneNumber: "+263 77 000 0000" },
      { id: "", systemDescription: "", sizeOfSystem: "", email: "", phoneNumber: "" },
    ]);
  });

  it("removes the item whose Remove was pressed", async () => {
    const result = (await registerAction(post({ ...item(0), ...item(1), ...item(2), edit: "remove:1" }), context, 1)) as unknown as {
      data: { installations: { systemDescription: string }[] };
    };
    expect(result.data.installations.map((i) => i.systemDescription)).toEqual(["System 0", "System 2"]);
  });
});
