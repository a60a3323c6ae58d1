import { describe, expect, it } from "vitest";
import { csvCell, csvDisposition, toCsv } from "./csv.ts";

describe("csv", () => {
  it("quotes cells with commas, quotes and line breaks", () => {
    expect(csvCell('Solar, "Best" Ltd')).toBe('"Solar, ""Best"" Ltd"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+263 77")).toBe("'+263 77");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    // Numbers are not text a user typed: a negative amount stays a number.
    expect(csvCell(-5)).toBe("-5");
  });

  it("writes a header, CRLF rows and a byte-order mark", () => {
    const csv = toCsv(
      [
        { id: 1, name: "A" },
        { id: 2, name: "B, C" },
      ],
      [
        { header: "Id", value: (r) => r.id },
        { header: "Name", value: (r) => r.name },
      ],
    );
    expect(csv).toBe('\uFEFFId,Name\r\n1,A\r\n2,"B, C"\r\n');
  });

  it("names the file by the Harare date", () => {
    expect(csvDisposition("orders", new Date("2026-11-21T23:30:00Z"))).toBe('attachment; filename="orders-2026-11-22.csv"');
  });
});
