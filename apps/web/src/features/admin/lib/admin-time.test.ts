import { describe, expect, it } from "vitest";
import { adminDateText, adminTimeText } from "./admin-time";

describe("admin time", () => {
  it("writes 'MMM dd, yyyy HH:mm' in local time, the day zero-padded", () => {
    // Built from local parts, so the test holds in any time zone.
    expect(adminTimeText(new Date(2025, 3, 17, 14, 5).toISOString())).toBe("Apr 17, 2025 14:05");
    expect(adminTimeText(new Date(2024, 11, 3, 9, 7).toISOString())).toBe("Dec 03, 2024 09:07");
    expect(adminDateText(new Date(2025, 0, 2, 23, 59).toISOString())).toBe("Jan 02, 2025");
  });
});
