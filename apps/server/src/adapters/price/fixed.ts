import { usdTextToCents } from "../../domain/price.js";
import type { Clock } from "../clock.js";
import type { PriceSource } from "./price-source.js";

/** A configured price (PRICE_USD): always the same, always current. */
export function fixedPrice({ usdPerBtc, clock }: { usdPerBtc: string; clock: Clock }): PriceSource {
  const usdCentsPerBtc = usdTextToCents(usdPerBtc);
  if (usdCentsPerBtc === null) throw new Error(`Not a USD price: ${usdPerBtc}`);
  return { current: async () => ({ usdCentsPerBtc, asOf: clock.now(), stale: false, source: "fixed" }) };
}
