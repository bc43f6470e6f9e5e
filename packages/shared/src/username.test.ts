import { describe, expect, it } from "vitest";
import { isValidUsername, usernameSchema } from "./username.js";

function message(value: string): string | undefined {
  return usernameSchema.safeParse(value).error?.issues[0]?.message;
}

describe("username schema", () => {
  it("accepts lower-case letters and digits starting with a letter, 3 to 20 characters", () => {
    for (const ok of ["demo", "bob", "alice2", "a".repeat(20), "bc2", "tb2", "bcrt", "b1c"]) {
      expect(isValidUsername(ok)).toBe(true);
    }
  });

  it("refuses anything else with a readable message", () => {
    expect(message("")).toBe("Username is required");
    expect(message("ab")).toBe("Username must be at least 3 characters");
    expect(message("a".repeat(21))).toBe("Username must be at most 20 characters");
    expect(message("1abc")).toBe("Use lower-case letters and digits, starting with a letter");
    expect(message("Alice")).toBe("Use lower-case letters and digits, starting with a letter");
    expect(message("al_ice")).toBe("Use lower-case letters and digits, starting with a letter");
    for (const addressLike of ["bc1alice", "tb1bob", "bcrt1carol"]) {
      expect(message(addressLike)).toBe("A username may not look like a Bitcoin address");
    }
  });

  it("trims what a person typed, but isValidUsername takes the value as it is", () => {
    expect(usernameSchema.parse(" demo ")).toBe("demo");
    expect(isValidUsername(" demo ")).toBe(false);
  });
});
