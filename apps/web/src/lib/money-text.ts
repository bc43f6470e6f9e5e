import { formatBtc, formatUsdCents, type Price, parseUsdCents, satsToUsdCents } from "@satsbank/shared";

/** 746000n -> "0.00746000 BTC": every BTC figure on screen has 8 decimals. */
export function btcText(sats: bigint): string {
  return `${formatBtc(sats)} BTC`;
}

/** The USD value of `sats` at a price such as the wallet summary's, e.g. "$316.23". Integer cents throughout. */
export function usdText(sats: bigint, price: Pick<Price, "usdPerBtc">): string {
  return formatUsdCents(satsToUsdCents(sats, parseUsdCents(price.usdPerBtc)));
}

/** 746000n -> "746,000 sats": a whole number of satoshis, with thousands separators. */
export function satsText(sats: bigint): string {
  const negative = sats < 0n;
  const digits = (negative ? -sats : sats).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${digits} sats`;
}
