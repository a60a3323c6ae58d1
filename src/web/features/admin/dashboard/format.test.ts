import { describe, expect, it } from "vitest";
import { formatUsdCompact } from "./format.ts";

describe("formatUsdCompact (the dashboard chart's axis)", () => {
  it("writes the same text on the server and in any browser: no trailing .0, one decimal at most", () => {
    expect(formatUsdCompact(0)).toBe("$0");
    expect(formatUsdCompact(950)).toBe("$950");
    expect(formatUsdCompact(999.96)).toBe("$1K");
    expect(formatUsdCompact(5000)).toBe("$5K");
    expect(formatUsdCompact(12_500)).toBe("$12.5K");
    expect(formatUsdCompact(999_950)).toBe("$1M");
    expect(formatUsdCompact(2_340_000)).toBe("$2.3M");
    expect(formatUsdCompact(-1500)).toBe("-$1.5K");
  });
});
