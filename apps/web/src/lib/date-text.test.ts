import { describe, expect, it } from "vitest";
import { dateText, dateTimeText, timeText } from "./date-text";

describe("dateTimeText", () => {
  it("writes month, day, year and 24-hour time in local time", () => {
    // Built from local parts, so the test holds in any time zone.
    expect(dateTimeText(new Date(2025, 3, 17, 14, 5).toISOString())).toBe("Apr 17, 2025 14:05");
    expect(dateTimeText(new Date(2024, 11, 3, 9, 7).toISOString())).toBe("Dec 3, 2024 09:07");
    expect(dateText(new Date(2024, 11, 3, 23, 59).toISOString())).toBe("Dec 3, 2024");
  });

  it("writes what date-fns' format wrote, for every month and the edges of the day", async () => {
    const { format } = await import("date-fns");
    for (let month = 0; month < 12; month++) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 23, 59],
      ] as const) {
        const at = new Date(2025, month, day, hour, minute).toISOString();
        expect(dateTimeText(at)).toBe(format(new Date(at), "MMM d, yyyy HH:mm"));
        expect(timeText(at)).toBe(format(new Date(at), "HH:mm"));
      }
    }
  });
});
