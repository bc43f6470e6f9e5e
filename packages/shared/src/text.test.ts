import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  isPlainMultilineText,
  isPlainText,
  isWellFormedText,
  plainMultilineText,
  plainText,
  textMessages,
  wellFormedText,
  withLineFeeds,
} from "./text.js";

// A high surrogate with no low one after it, a low one alone, two highs, a pair backwards, one at the end.
const UNPAIRED = ["\ud800", "a\udc00b", "\ud83d\ud83d", "\ude42\ud83d", "Zoë \ud83d"];

describe("plain text", () => {
  it("refuses control characters and bidirectional overrides", () => {
    for (const char of ["\u0000", "\u0007", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u009f"]) {
      expect(isPlainText(`a${char}b`), JSON.stringify(char)).toBe(false);
    }
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      expect(isPlainText(`a${String.fromCharCode(code)}b`), code.toString(16)).toBe(false);
    }
  });

  it("accepts every other text, in any script", () => {
    for (const text of [
      "",
      "Ana María O'Brien",
      "Zoë 🙂",
      "محمد",
      "東京",
      "a - b",
      "\u200e",
      "x\u00a0y",
      "𝔘\u{10ffff}",
    ]) {
      expect(isPlainText(text), text).toBe(true);
    }
  });

  it("refuses an unpaired surrogate, which no UTF-8 text (nor jsonb) can hold, with a message of its own", () => {
    const subject = z.string().trim().check(plainText).min(1).max(120);
    for (const text of UNPAIRED) {
      expect(isWellFormedText(text), JSON.stringify(text)).toBe(false);
      expect(isPlainText(text), JSON.stringify(text)).toBe(false);
      expect(subject.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
        textMessages.unpairedSurrogate,
      ]);
    }
    expect(isWellFormedText("Zoë 🙂")).toBe(true);
  });

  it("reports one clear message, and the field's own checks still apply", () => {
    const name = z.string().trim().check(plainText).min(1, { error: "Name is required" }).max(5);
    expect(name.safeParse("a\u0000b").error?.issues.map((issue) => issue.message)).toEqual([
      textMessages.hostile,
    ]);
    expect(name.safeParse("   ").error?.issues[0]?.message).toBe("Name is required");
    expect(name.safeParse("  ab  ").data).toBe("ab");
  });
});

describe("plain multiline text", () => {
  const message = z.string().overwrite(withLineFeeds).trim().check(plainMultilineText);

  it("keeps line breaks, however they were sent, as line feeds", () => {
    expect(message.parse("first line\nsecond")).toBe("first line\nsecond");
    expect(message.parse("first line\r\nsecond\rthird")).toBe("first line\nsecond\nthird");
    expect(isPlainMultilineText("a\nb")).toBe(true);
  });

  it("refuses an unpaired surrogate, even among lines", () => {
    for (const text of UNPAIRED.map((unpaired) => `first line\n${unpaired}`)) {
      expect(message.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        textMessages.unpairedSurrogate,
      );
    }
  });

  it("refuses every other control character and override with the plain-text message", () => {
    for (const text of ["a\tb", "a\u0000b", "a\u001b[31m", "\u202eevil", "a\u0085b", "a\u2066b"]) {
      expect(message.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        textMessages.hostile,
      );
    }
  });
});

describe("well-formed text (a password: anything but an unpaired surrogate)", () => {
  const password = z.string().check(wellFormedText).min(8);

  it("takes control characters and any script, and refuses an unpaired surrogate", () => {
    expect(password.safeParse("tab\tand 🙂 Zoë").success).toBe(true);
    for (const text of UNPAIRED.map((unpaired) => `password ${unpaired}`)) {
      expect(password.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe(
        textMessages.unpairedSurrogate,
      );
    }
  });
});
