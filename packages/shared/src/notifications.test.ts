import { describe, expect, it } from "vitest";
import {
  notificationSettingsBodySchema,
  notificationSettingToast,
  staffMessageBodySchema,
  textMessages,
} from "./index.js";

describe("notificationSettingToast", () => {
  it("says '<Name> notifications enabled|disabled' with the switch's name less its last word", () => {
    expect(notificationSettingToast("all", true)).toBe("All notifications enabled");
    expect(notificationSettingToast("transactionAlerts", true)).toBe("Transaction notifications enabled");
    expect(notificationSettingToast("securityAlerts", false)).toBe("Security notifications disabled");
    expect(notificationSettingToast("emailNotifications", false)).toBe("Email notifications disabled");
  });
});

describe("notificationSettingsBodySchema", () => {
  it("takes any of the three switches, and refuses nothing at all", () => {
    expect(notificationSettingsBodySchema.parse({ securityAlerts: true })).toEqual({ securityAlerts: true });
    expect(notificationSettingsBodySchema.safeParse({}).success).toBe(false);
    expect(notificationSettingsBodySchema.safeParse({ securityAlerts: "true" }).success).toBe(false);
  });
});

describe("staffMessageBodySchema", () => {
  it("keeps the body's lines (CRLF made LF) and trims both fields", () => {
    expect(staffMessageBodySchema.parse({ subject: "  Hello ", body: " Line 1\r\nLine 2 " })).toEqual({
      subject: "Hello",
      body: "Line 1\nLine 2",
    });
  });

  it("refuses a line break in the subject and other control characters anywhere", () => {
    for (const body of [
      { subject: "Two\nlines", body: "x" },
      { subject: "Hi", body: "tab\there" },
      { subject: "Hi", body: "\u202eevil" },
    ]) {
      const result = staffMessageBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(textMessages.hostile);
    }
  });
});
