import { z } from "zod";
import { isValidMnemonic } from "../bitcoin/keys.js";
import { type BitcoinNetwork, bitcoinNetworks } from "../bitcoin/network.js";
import { type Sats, sats } from "../domain/money.js";
import { httpUrl, oneOf, optional, type VarsOf, wholeNumber } from "./parsers.js";

// The money and Bitcoin variables of config.ts, kept apart so each file stays readable. They are parsed
// in the same single pass as every other variable.

export const priceSources = ["fixed", "http"] as const;

/** USD per BTC as typed by an operator: digits with at most two decimals. */
export const USD_PRICE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export const walletEnvShape = {
  WALLET_MNEMONIC: optional(
    z.string().refine(isValidMnemonic, { error: "must be a valid BIP39 mnemonic (12 to 24 English words)" }),
  ),
  BITCOIN_NETWORK: optional(z.enum(bitcoinNetworks, { error: oneOf(bitcoinNetworks) })),
  WITHDRAWAL_FEE_SAT: optional(
    z
      .string()
      .regex(/^\d{1,15}$/, { error: "must be a whole number of satoshis" })
      .transform((text) => sats(BigInt(text))),
  ),
  PRICE_SOURCE: optional(z.enum(priceSources, { error: oneOf(priceSources) })),
  PRICE_USD: optional(
    z.string().trim().regex(USD_PRICE_PATTERN, { error: 'must be a USD amount such as "42389.57"' }),
  ),
  PRICE_URL: optional(httpUrl),
  PRICE_CACHE_SECONDS: optional(wholeNumber("must be a whole number of seconds from 1 to 86400", 1, 86_400)),
};

type WalletVars = VarsOf<typeof walletEnvShape>;

export type PriceConfig =
  | { source: "fixed"; usdPerBtc: string }
  | { source: "http"; url: string; cacheSeconds: number };

export type WalletConfig = {
  /** Null: the embedded default, a mnemonic generated into `$DATA_DIR/wallet-mnemonic`; never in production. */
  walletMnemonic: string | null;
  bitcoinNetwork: BitcoinNetwork;
  /** The network fee a customer pays on a withdrawal to an outside address. */
  withdrawalFeeSats: Sats;
  price: PriceConfig;
};

export const DEFAULT_PRICE_USD = "42389.57";

/** The wallet part of the Config; a string is a problem to report (same style as the schema's). */
export function walletConfig(vars: WalletVars): WalletConfig | string {
  const source = vars.PRICE_SOURCE ?? "fixed";
  let price: PriceConfig;
  if (source === "http") {
    if (vars.PRICE_URL === undefined) return "PRICE_URL is required when PRICE_SOURCE=http";
    price = { source, url: vars.PRICE_URL, cacheSeconds: vars.PRICE_CACHE_SECONDS ?? 60 };
  } else {
    price = { source, usdPerBtc: vars.PRICE_USD ?? DEFAULT_PRICE_USD };
  }
  return {
    walletMnemonic: vars.WALLET_MNEMONIC?.trim().split(/\s+/).join(" ") ?? null,
    bitcoinNetwork: vars.BITCOIN_NETWORK ?? "regtest",
    withdrawalFeeSats: vars.WITHDRAWAL_FEE_SAT ?? sats(1000n),
    price,
  };
}
