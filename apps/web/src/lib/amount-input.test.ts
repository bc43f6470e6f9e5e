import { describe, expect, it } from "vitest";
import { isAmountInput } from "./amount-input";

describe("isAmountInput", () => {
  it("lets digits and one decimal point through, up to 8 decimals", () => {
    for (const text of ["", "0", "0.", ".", ".5", "0.00746", "12.3456789", "1.00000000"]) {
      expect(isAmountInput(text), text).toBe(true);
    }
  });

  it("refuses letters, signs, spaces, a second point and a 9th decimal", () => {
    for (const text of ["a", "1e5", "-1", "+1", "1 ", "1,5", "0.1.", "1..2", "0.000000001", "0x10"]) {
      expect(isAmountInput(text), text).toBe(false);
    }
  });
});
