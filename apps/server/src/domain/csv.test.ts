import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.js";

describe("csvCell", () => {
  it("leaves plain text as it is", () => {
    expect(csvCell("alice")).toBe("alice");
    expect(csvCell("0.00010000")).toBe("0.00010000");
    expect(csvCell("")).toBe("");
  });

  it("quotes a comma, a quote or a line break, doubling the quotes", () => {
    expect(csvCell("Smith, Jane")).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("writes a cell a spreadsheet would run as a formula as text, with a leading apostrophe", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
    // A negative amount is a number the sheet should add up; anything more after the minus is guarded.
    expect(csvCell("-0.00005000")).toBe("-0.00005000");
    expect(csvCell("-5000")).toBe("-5000");
    expect(csvCell("-5000-1")).toBe("'-5000-1");
    expect(csvCell("-1e3")).toBe("'-1e3");
  });
});

describe("csvLine", () => {
  it("joins the cells with commas and ends with CRLF", () => {
    expect(csvLine(["a", "b,c", "=1"])).toBe('a,"b,c",\'=1\r\n');
  });
});
