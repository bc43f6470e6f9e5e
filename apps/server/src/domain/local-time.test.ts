import { describe, expect, it } from "vitest";
import { localDateTimeIso, localDateTimeText } from "./local-time.js";

describe("localDateTimeText", () => {
  it("writes UTC with a zero offset", () => {
    expect(localDateTimeText(new Date("2030-01-15T12:00:00.999Z"), "UTC")).toBe("2030-01-15 12:00:00+00:00");
  });

  it("follows Paris across daylight saving: +01:00 in winter, +02:00 in summer", () => {
    expect(localDateTimeText(new Date("2030-01-15T12:00:00Z"), "Europe/Paris")).toBe(
      "2030-01-15 13:00:00+01:00",
    );
    expect(localDateTimeText(new Date("2030-07-15T12:00:00Z"), "Europe/Paris")).toBe(
      "2030-07-15 14:00:00+02:00",
    );
    // 2030-03-31 01:00 UTC the clocks jump from 02:00 to 03:00.
    expect(localDateTimeText(new Date("2030-03-31T00:59:59Z"), "Europe/Paris")).toBe(
      "2030-03-31 01:59:59+01:00",
    );
    expect(localDateTimeText(new Date("2030-03-31T01:00:00Z"), "Europe/Paris")).toBe(
      "2030-03-31 03:00:00+02:00",
    );
  });

  it("tells apart the hour New York lives twice when its clocks go back", () => {
    // 2030-11-03: 02:00 EDT becomes 01:00 EST, so 01:30 happens at 05:30 and at 06:30 UTC.
    expect(localDateTimeText(new Date("2030-11-03T05:30:00Z"), "America/New_York")).toBe(
      "2030-11-03 01:30:00-04:00",
    );
    expect(localDateTimeText(new Date("2030-11-03T06:30:00Z"), "America/New_York")).toBe(
      "2030-11-03 01:30:00-05:00",
    );
  });

  it("writes a zone off the hour and a date across midnight", () => {
    expect(localDateTimeText(new Date("2030-01-15T20:00:00Z"), "Asia/Kathmandu")).toBe(
      "2030-01-16 01:45:00+05:45",
    );
    expect(localDateTimeText(new Date("2030-01-01T03:00:00Z"), "America/New_York")).toBe(
      "2029-12-31 22:00:00-05:00",
    );
  });
});

describe("localDateTimeIso", () => {
  it("is right on each side of a change of offset, asked in any order (the offsets are kept)", () => {
    const paris = (iso: string) => localDateTimeIso(new Date(iso), "Europe/Paris");
    expect(paris("2031-10-26T00:59:59Z")).toBe("2031-10-26T02:59:59+02:00");
    expect(paris("2031-10-26T01:00:00Z")).toBe("2031-10-26T02:00:00+01:00");
    expect(paris("2031-10-26T00:59:59Z")).toBe("2031-10-26T02:59:59+02:00");
    // Before 1972 a zone's offset could hold seconds (Monrovia's -0:44:30): asked of Intl each time.
    expect(localDateTimeIso(new Date("1960-06-01T12:00:00Z"), "UTC")).toBe("1960-06-01T12:00:00+00:00");
  });

  it("is ISO 8601 for the same moment", () => {
    const text = localDateTimeIso(new Date("2030-07-15T12:00:00Z"), "Europe/Paris");
    expect(text).toBe("2030-07-15T14:00:00+02:00");
    expect(new Date(text).toISOString()).toBe("2030-07-15T12:00:00.000Z");
  });
});
