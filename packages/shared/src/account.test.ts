import { describe, expect, it } from "vitest";
import { accountMessages, normalisePhone, updateProfileBodySchema } from "./account.js";
import { authMessages } from "./auth.js";
import { textMessages } from "./text.js";

const parse = (body: unknown) => updateProfileBodySchema.safeParse(body);
/** The first message of each field, as forms and the server show them. */
const messages = (body: unknown) =>
  Object.fromEntries(
    (parse(body).error?.issues ?? []).reverse().map((issue) => [issue.path[0], issue.message]),
  );

describe("the profile's name and phone", () => {
  it("takes an international number with spaces, hyphens or brackets, and keeps it as the customer grouped it", () => {
    for (const [typed, stored] of [
      ["+1 555 0199", "+1 555 0199"],
      ["+44 20 7946 0106", "+44 20 7946 0106"],
      ["  +1 (555) 010-4477 ", "+1 (555) 010-4477"],
      ["+353.1.555.0199", "+353.1.555.0199"],
      ["+442079460106", "+442079460106"],
      // Only the spaces around it and runs of them go.
      ["+44  20 7946   0106", "+44 20 7946 0106"],
    ]) {
      expect(parse({ name: "Ada", phone: typed }).data?.phone, typed).toBe(stored);
    }
  });

  it("judges the number on its E.164 form, the separators left out", () => {
    expect(normalisePhone("+1 (555) 010-4477")).toBe("+15550104477");
    expect(normalisePhone("+44 20 7946 0106")).toBe("+442079460106");
  });

  it("lets the phone be removed", () => {
    expect(parse({ name: "Ada", phone: "   " }).data).toEqual({ name: "Ada", phone: "" });
  });

  it("refuses a number that is not international with one clear message", () => {
    for (const phone of [
      "020 7946 0106",
      "0044 20 7946 0106",
      "+0 123 4567",
      "+44 20 79x6",
      "+123",
      "+1234567890123456",
      "phone",
    ]) {
      expect(messages({ name: "Ada", phone }), phone).toEqual({ phone: accountMessages.phoneInvalid });
    }
  });

  it("checks the name as sign-up does", () => {
    expect(messages({ name: "  ", phone: "" })).toEqual({ name: authMessages.fullNameRequired });
    expect(messages({ name: "a".repeat(101), phone: "" })).toEqual({ name: authMessages.fullNameTooLong });
    expect(parse({ name: "  Ana María O'Brien ", phone: "" }).data?.name).toBe("Ana María O'Brien");
  });

  it("refuses control characters and overrides in either field with the plain-text message", () => {
    expect(messages({ name: "Ada\u202e", phone: "+44 20\t7946 0106" })).toEqual({
      name: textMessages.hostile,
      phone: textMessages.hostile,
    });
  });
});
