import { describe, expect, it } from "vitest";
import { dateText, dateTimeText } from "./date-text";

describe("dateTimeText", () => {
  it("writes month, day, year and 24-hour time in local time", () => {
    // Built from local parts, so the test holds in any time zone.
    expect(dateTimeText(new Date(2025, 3, 17, 14, 5).toISOString())).toBe("Apr 17, 2025 14:05");
    expect(dateTimeText(new Date(2024, 11, 3, 9, 7).toISOString())).toBe("Dec 3, 2024 09:07");
    expect(dateText(new Date(2024, 11, 3, 23, 59).toISOString())).toBe("Dec 3, 2024");
  });
});
