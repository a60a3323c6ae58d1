import { describe, expect, it } from "vitest";
import { csvCell, csvDisposition, readCsv, toCsv } from "./csv.ts";

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

  describe("readCsv", () => {
    const cells = (text: string) => readCsv(text).map((r) => r.cells);

    it("splits cells by commas and records by CRLF, LF or a lone CR", () => {
      expect(cells("a,b\r\nc,d\ne,f\rg,h")).toEqual([
        ["a", "b"],
        ["c", "d"],
        ["e", "f"],
        ["g", "h"],
      ]);
    });

    it("reads quoted cells with commas, doubled quotes and line breaks", () => {
      expect(cells('"Solar, ""Best"" Ltd",2\r\n"two\r\nlines","x\ny"\r\n')).toEqual([
        ['Solar, "Best" Ltd', "2"],
        ["two\r\nlines", "x\ny"],
      ]);
      expect(cells('"",""""\n')).toEqual([["", '"']]);
    });

    it("leaves out a byte-order mark and the last line break, and keeps empty cells", () => {
      expect(cells("\uFEFFsku,count\r\nA,\r\n")).toEqual([
        ["sku", "count"],
        ["A", ""],
      ]);
      expect(cells("a,\n,b")).toEqual([
        ["a", ""],
        ["", "b"],
      ]);
      expect(readCsv("")).toEqual([]);
    });

    it("gives each record the line it starts on, line breaks inside quotes counted", () => {
      const text = 'sku,note\r\n"A","one\r\ntwo"\r\n\r\nB,"x\ny\nz"\nC,plain\n';
      expect(readCsv(text)).toEqual([
        { line: 1, cells: ["sku", "note"] },
        { line: 2, cells: ["A", "one\r\ntwo"] },
        { line: 4, cells: [""] },
        { line: 5, cells: ["B", "x\ny\nz"] },
        { line: 8, cells: ["C", "plain"] },
      ]);
    });

    it("keeps a quote inside an unquoted cell as text, and text after a closing quote in the cell", () => {
      expect(cells('5" panel,"a"b\n')).toEqual([['5" panel', "ab"]]);
    });

    it("reads back what toCsv writes", () => {
      const rows = [{ name: 'Solar, "Best"\nLtd', note: "=1+1" }];
      const csv = toCsv(rows, [
        { header: "Name", value: (r) => r.name },
        { header: "Note", value: (r) => r.note },
      ]);
      expect(cells(csv)).toEqual([
        ["Name", "Note"],
        ['Solar, "Best"\nLtd', "'=1+1"],
      ]);
    });
  });
});
