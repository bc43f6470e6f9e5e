import { describe, expect, it } from "vitest";
import { monthBounds } from "./statement-month.js";

const iso = ({ from, to }: { from: Date; to: Date }) => [from.toISOString(), to.toISOString()];

describe("a statement's month in a time zone", () => {
  it("is the calendar month in UTC", () => {
    expect(iso(monthBounds("2030-01", "UTC"))).toEqual([
      "2030-01-01T00:00:00.000Z",
      "2030-02-01T00:00:00.000Z",
    ]);
    expect(iso(monthBounds("2030-12", "UTC"))).toEqual([
      "2030-12-01T00:00:00.000Z",
      "2031-01-01T00:00:00.000Z",
    ]);
  });

  it("starts at local midnight, each end at its own offset when summer time begins or ends inside it", () => {
    // Paris: +01:00 in winter, +02:00 from the last Sunday of March to the last of October.
    expect(iso(monthBounds("2030-03", "Europe/Paris"))).toEqual([
      "2030-02-28T23:00:00.000Z",
      "2030-03-31T22:00:00.000Z",
    ]);
    expect(iso(monthBounds("2030-10", "Europe/Paris"))).toEqual([
      "2030-09-30T22:00:00.000Z",
      "2030-10-31T23:00:00.000Z",
    ]);
    // New York: -04:00 until the first Sunday of November, -05:00 after.
    expect(iso(monthBounds("2030-11", "America/New_York"))).toEqual([
      "2030-11-01T04:00:00.000Z",
      "2030-12-01T05:00:00.000Z",
    ]);
  });

  it("starts at 01:00 where the clocks skip the first midnight (Asunción, 1 October 2023)", () => {
    expect(monthBounds("2023-10", "America/Asuncion").from.toISOString()).toBe("2023-10-01T04:00:00.000Z");
    expect(monthBounds("2023-09", "America/Asuncion").to.toISOString()).toBe("2023-10-01T04:00:00.000Z");
  });

  it("handles zones far from UTC and with half-hour offsets", () => {
    expect(monthBounds("2030-01", "Pacific/Kiritimati").from.toISOString()).toBe("2029-12-31T10:00:00.000Z");
    expect(monthBounds("2030-01", "Asia/Kolkata").from.toISOString()).toBe("2029-12-31T18:30:00.000Z");
    expect(monthBounds("2030-01", "Pacific/Pago_Pago").from.toISOString()).toBe("2030-01-01T11:00:00.000Z");
  });
});
