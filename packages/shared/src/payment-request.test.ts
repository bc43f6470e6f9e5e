import { describe, expect, it } from "vitest";
import {
  isPaymentRequestText,
  type PaymentRequestReading,
  parsePaymentRequest,
  paymentLabelSchema,
  paymentRequestMessages,
  paymentRequestUri,
} from "./payment-request.js";

const ADDRESS = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
const MAINNET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

const refused = (error: string): PaymentRequestReading => ({ ok: false, error });

describe("parsePaymentRequest (BIP-21)", () => {
  it("reads the address alone", () => {
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}`)).toEqual({
      ok: true,
      request: { address: ADDRESS, amountSats: null, label: null, message: null },
    });
  });

  it("reads the scheme in any case, and the surrounding white space of a paste", () => {
    for (const scheme of ["BITCOIN:", "Bitcoin:", "bItCoIn:"]) {
      const reading = parsePaymentRequest(`  ${scheme}${MAINNET}?amount=1\n`);
      expect(reading).toMatchObject({ ok: true, request: { address: MAINNET, amountSats: 100_000_000n } });
    }
    // QR codes write bech32 in capitals: the address is kept as written; the server reads it.
    expect(parsePaymentRequest(`BITCOIN:${MAINNET.toUpperCase()}`)).toMatchObject({
      ok: true,
      request: { address: MAINNET.toUpperCase() },
    });
  });

  it("reads the amount in BTC into satoshis exactly", () => {
    const cases: [string, bigint][] = [
      ["0.00000001", 1n],
      ["0.0005", 50_000n],
      ["50", 5_000_000_000n],
      [".5", 50_000_000n],
      ["1.", 100_000_000n],
      ["20.3", 2_030_000_000n],
      ["0.12345678", 12_345_678n],
      ["21000000", 2_100_000_000_000_000n],
    ];
    for (const [amount, sats] of cases) {
      expect(parsePaymentRequest(`bitcoin:${ADDRESS}?amount=${amount}`), amount).toMatchObject({
        ok: true,
        request: { amountSats: sats },
      });
    }
  });

  it("refuses an amount it cannot read exactly, with the reason", () => {
    for (const amount of [
      "",
      ".",
      "0",
      "0.000000001",
      "1e-5",
      "0,5",
      "-1",
      "+1",
      "1.2.3",
      "21000000.00000001",
      "abc",
    ]) {
      expect(parsePaymentRequest(`bitcoin:${ADDRESS}?amount=${amount}`), amount).toEqual(
        refused(paymentRequestMessages.amount),
      );
    }
  });

  it("decodes the label and the message", () => {
    expect(
      parsePaymentRequest(`bitcoin:${ADDRESS}?label=Luke%20Jr%20%26%20Co&message=Donation+for%20%E2%82%BF`),
    ).toEqual({
      ok: true,
      request: { address: ADDRESS, amountSats: null, label: "Luke Jr & Co", message: "Donation+for ₿" },
    });
  });

  it("leaves aside parameters it does not know, but refuses a required one (req-)", () => {
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}?amount=1&lightning=lnbc1xyz&pj=https://x`)).toMatchObject({
      ok: true,
      request: { amountSats: 100_000_000n },
    });
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}?amount=1&req-somethingyoudontunderstand=50`)).toEqual(
      refused(paymentRequestMessages.required("req-somethingyoudontunderstand")),
    );
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}?REQ-PJ=1`)).toEqual(
      refused(paymentRequestMessages.required("req-pj")),
    );
  });

  it("refuses a parameter named twice: which amount would be meant?", () => {
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}?amount=1&amount=2`)).toEqual(
      refused(paymentRequestMessages.twice("amount")),
    );
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}?label=a&LABEL=b`)).toEqual(
      refused(paymentRequestMessages.twice("label")),
    );
  });

  it("refuses a request without a valid address", () => {
    for (const text of [
      "bitcoin:",
      "bitcoin:?amount=1",
      "bitcoin:alice",
      "bitcoin:alice?amount=1",
      "bitcoin:bc1q-not-an-address",
      `bitcoin:${ADDRESS}!`,
      `bitcoin:${"a".repeat(121)}`,
    ]) {
      expect(parsePaymentRequest(text), text).toEqual(refused(paymentRequestMessages.address));
    }
  });

  it("refuses what is not a bitcoin: URI at all, or is broken", () => {
    for (const text of [
      ADDRESS,
      `litecoin:${ADDRESS}`,
      `bitcoin:${ADDRESS}?amount=1#frag`,
      `bitcoin:${ADDRESS} ?amount=1`,
      `bitcoin:${ADDRESS}?label=%E2%82`,
      `bitcoin:${ADDRESS}?=1`,
      `bitcoin:${ADDRESS}\u202e?amount=1`,
    ]) {
      expect(parsePaymentRequest(text), text).toEqual(refused(paymentRequestMessages.malformed));
    }
    expect(parsePaymentRequest(`bitcoin:${ADDRESS}?label=%07bell`)).toEqual(
      refused(paymentRequestMessages.text("label")),
    );
  });

  it("tells a payment request from an address or a username", () => {
    expect(isPaymentRequestText(` BITCOIN:${ADDRESS}`)).toBe(true);
    expect(isPaymentRequestText("bitcoin:")).toBe(true);
    expect(isPaymentRequestText(ADDRESS)).toBe(false);
    expect(isPaymentRequestText("alice")).toBe(false);
  });
});

describe("paymentRequestUri", () => {
  it("writes the address alone without an amount or a label", () => {
    expect(paymentRequestUri({ address: ADDRESS })).toBe(`bitcoin:${ADDRESS}`);
    expect(paymentRequestUri({ address: ADDRESS, amountSats: 0n, label: "   " })).toBe(`bitcoin:${ADDRESS}`);
  });

  it("writes the amount in BTC (up to 8 decimals) and the label percent-encoded", () => {
    expect(paymentRequestUri({ address: ADDRESS, amountSats: 50_000n, label: "Rent & bills, März" })).toBe(
      `bitcoin:${ADDRESS}?amount=0.0005&label=Rent%20%26%20bills%2C%20M%C3%A4rz`,
    );
    expect(paymentRequestUri({ address: ADDRESS, amountSats: 1n })).toBe(
      `bitcoin:${ADDRESS}?amount=0.00000001`,
    );
    expect(paymentRequestUri({ address: ADDRESS, amountSats: 2_100_000_000n })).toBe(
      `bitcoin:${ADDRESS}?amount=21`,
    );
  });

  it("reads back as it was written", () => {
    const label = "Café #3 / 50% off?";
    const uri = paymentRequestUri({ address: ADDRESS, amountSats: 12_345_678n, label });
    expect(parsePaymentRequest(uri)).toEqual({
      ok: true,
      request: { address: ADDRESS, amountSats: 12_345_678n, label, message: null },
    });
  });
});

describe("paymentLabelSchema", () => {
  it("takes short plain text and refuses the rest", () => {
    expect(paymentLabelSchema.parse("  Dinner  ")).toBe("Dinner");
    expect(paymentLabelSchema.safeParse("x".repeat(61)).success).toBe(false);
    expect(paymentLabelSchema.safeParse("a\u202eb").success).toBe(false);
  });
});
