import { describe, expect, it } from "vitest";
import type { OrderView } from "#shared/schemas/orders.ts";
import type { SerialView } from "#shared/schemas/stock.ts";
import {
  dispatchRequest,
  fieldStates,
  pasteInto,
  placeIssues,
  type SerialCheck,
  serialLabel,
  serialLines,
  splitPasted,
  takenMessage,
} from "./dispatch-serials.ts";

const line = (product_id: number | null, product_name: string, quantity: number, serialised: boolean) =>
  ({ product_id, product_name, quantity, serialised }) as OrderView["products"][number];

const lines = serialLines({
  products: [line(1, "SunVolt 550 W panel", 3, true), line(2, "MC4 connector pair", 10, false), line(3, "Kariba 5 kWh", 1, true)],
});

const taken: SerialView = {
  serial: "SV-1",
  product_id: 1,
  product_name: "SunVolt 550 W panel",
  sku: null,
  order_id: 7,
  order_reference: "ORD-2026-000007",
  dealer_name: "Farai Dealer",
  dealer_company: "Kopje Solar",
  branch_name: "Harare",
  dispatched_At: "2026-11-20T10:00:00.000Z",
};

describe("the dispatch form's serial fields", () => {
  it("has one field per unit of each serialised line, labelled for screen readers", () => {
    expect(lines).toEqual([
      { productId: 1, name: "SunVolt 550 W panel", quantity: 3 },
      { productId: 3, name: "Kariba 5 kWh", quantity: 1 },
    ]);
    expect(serialLabel(lines[0] as (typeof lines)[0], 1)).toBe("Serial 2 of 3 for SunVolt 550 W panel");
  });

  it("says what each field is as typed: the schema's rules, entered twice (any case), already sent, checking, free", () => {
    const checks = new Map<string, SerialCheck>([
      ["SV-1", { state: "taken", view: taken }],
      ["SV-2", { state: "free" }],
      ["KP-9", { state: "checking" }],
    ]);
    // "ab" is half typed until the field is left.
    expect(fieldStates([["sv-1", "ab", "SV-2"], ["kp-9"]], lines, checks, false)[0]?.[1]).toEqual({});
    const [panel, battery] = fieldStates([["sv-1", "ab", "SV-2"], ["kp-9"]], lines, checks, false, new Set(["0.1"]));
    expect(panel?.[0]).toEqual({ error: "Already sent with ORD-2026-000007 to Kopje Solar (Farai Dealer)." });
    expect(panel?.[1]?.error).toBe("A serial number has at least 3 characters.");
    expect(panel?.[2]).toEqual({ hint: "Not sent before.", checkable: "SV-2" });
    expect(battery?.[0]).toEqual({ hint: "Checking…", checkable: "KP-9" });

    const [twice] = fieldStates([["SN-100", "", " sn-100 "], [""]], lines, new Map(), false);
    expect(twice?.[0]).toEqual({ checkable: "SN-100" });
    expect(twice?.[1]).toEqual({});
    expect(twice?.[2]).toEqual({ error: "Entered twice: also Serial 1 of 3 for SunVolt 550 W panel." });
    // Empty fields are errors once the form is sent.
    expect(fieldStates([["SN-100", "", "SN-101"], [""]], lines, new Map(), true)[0]?.[1]).toEqual({ error: "Enter serial 2 of 3." });
  });

  it("spreads a pasted list over the following fields of the line only", () => {
    expect(splitPasted("SN-1\r\nSN-2\n\nSN-3\t")).toEqual(["SN-1", "SN-2", "SN-3"]);
    expect(splitPasted("SN-1, SN-2;SN-3")).toEqual(["SN-1", "SN-2", "SN-3"]);
    expect(pasteInto(["A-1", "", ""], 1, ["B-1", "B-2"])).toEqual({ values: ["A-1", "B-1", "B-2"], left: 0, last: 2 });
    expect(pasteInto(["", "", ""], 1, ["B-1", "B-2", "B-3"])).toEqual({ values: ["", "B-1", "B-2"], left: 1, last: 2 });
    expect(pasteInto(["", "", ""], 0, ["B-1"])).toEqual({ values: ["B-1", "", ""], left: 0, last: 0 });
  });

  it("builds the request and puts the server's refusals under their fields", () => {
    expect(dispatchRequest("dispatched", lines, [[" a-1 ", "A-2", "A-3"], ["B-1"]], " WB 1 ", "")).toEqual({
      status: "dispatched",
      reference: "WB 1",
      note: "",
      lines: [
        { product_id: 1, serials: ["a-1", "A-2", "A-3"] },
        { product_id: 3, serials: ["B-1"] },
      ],
    });
    const placed = placeIssues(
      [
        { path: "body.lines.0.serials.2", message: "A serial number holds letters, digits and - / . _ only." },
        { path: "body.lines.1.serials", message: "Serial number B-1 already went out with another order." },
        { path: "body.reference", message: "Waybill or collection reference is required." },
      ],
      "x",
    );
    expect([...placed.fields]).toEqual([["0.2", "A serial number holds letters, digits and - / . _ only."]]);
    expect([...placed.lines]).toEqual([[1, "Serial number B-1 already went out with another order."]]);
    expect(placed.reference).toBe("Waybill or collection reference is required.");
    expect(placed.form).toBeUndefined();
    expect(placeIssues([], "Not enough stock").form).toBe("Not enough stock");
    expect(takenMessage({ ...taken, dealer_company: null })).toBe("Already sent with ORD-2026-000007 to Farai Dealer.");
  });
});
