import { describe, expect, it } from "vitest";
import { btcText, satsText, usdText } from "./money-text";

describe("money text", () => {
  it("writes BTC with 8 decimals", () => {
    expect(btcText(746000n)).toBe("0.00746000 BTC");
    expect(btcText(0n)).toBe("0.00000000 BTC");
    expect(btcText(2_100_000_000_000_000n)).toBe("21000000.00000000 BTC");
  });

  it("estimates USD in whole cents at the summary's price, rounding half up", () => {
    expect(usdText(746000n, { usdPerBtc: "42389.57" })).toBe("$316.23");
    expect(usdText(100_000_000n, { usdPerBtc: "42389.57" })).toBe("$42,389.57");
    expect(usdText(0n, { usdPerBtc: "42389.57" })).toBe("$0.00");
    expect(usdText(1n, { usdPerBtc: "50000" })).toBe("$0.00");
    expect(usdText(1n, { usdPerBtc: "500000" })).toBe("$0.01");
  });

  it("writes sats as a whole number with thousands separators", () => {
    expect(satsText(746000n)).toBe("746,000 sats");
    expect(satsText(294n)).toBe("294 sats");
    expect(satsText(0n)).toBe("0 sats");
    expect(satsText(2_100_000_000_000_000n)).toBe("2,100,000,000,000,000 sats");
  });
});
