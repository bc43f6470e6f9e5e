// CSV as RFC 4180 writes it, for spreadsheets: pure, no I/O.

/**
 * Text a spreadsheet would run as a formula when it opens the file ("=HYPERLINK(...)", "+1", "-2+3",
 * "@SUM(...)"; a leading tab or carriage return too): such a cell is written with a leading apostrophe,
 * which spreadsheets show as text (OWASP's CSV injection guidance).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A negative amount ("-0.00005000", "-5000") is a number, never a formula: it stays one for the sheet. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell: guarded against formulas, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One line of cells, ended with CRLF. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
