import { describe, expect, it } from "vitest";
import {
  connectWalletBodySchema,
  walletChallengeBodySchema,
  walletConnectedText,
  walletProviderIdSchema,
  walletProviders,
} from "./external-wallets.js";
import { textMessages } from "./text.js";

describe("wallet provider options", () => {
  it("are three, one of each kind, by short lowercase ids, each with one capital icon letter", () => {
    expect(walletProviders.map((provider) => provider.id)).toEqual(walletProviderIdSchema.options);
    expect(walletProviders.map((provider) => provider.kind)).toEqual(["extension", "mobile", "exchange"]);
    for (const provider of walletProviders) {
      expect(provider.id).toMatch(/^[a-z]+$/);
      expect(provider.iconLetter).toMatch(/^[A-Z]$/);
      expect(provider.name.startsWith(provider.iconLetter)).toBe(true);
    }
  });

  it("name the wallet in the success toast", () => {
    expect(walletConnectedText("unisat")).toBe("Your UniSat Wallet has been connected successfully.");
  });
});

describe("connect contracts", () => {
  it("trim what a paste brings around an address or a signature, and refuse control characters", () => {
    expect(walletChallengeBodySchema.parse({ provider: "okx", address: " bcrt1qxyz \n" }).address).toBe(
      "bcrt1qxyz",
    );
    expect(connectWalletBodySchema.parse({ challengeId: "c", signature: "\tAAAA\n" }).signature).toBe("AAAA");
    const hostile = connectWalletBodySchema.safeParse({ challengeId: "c", signature: "AA\u202eAA" });
    expect(hostile.error?.issues[0]?.message).toBe(textMessages.hostile);
    expect(walletChallengeBodySchema.safeParse({ provider: "metamask", address: "x" }).success).toBe(false);
  });
});
