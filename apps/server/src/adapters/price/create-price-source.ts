import type { PriceConfig } from "../../config/wallet.js";
import type { Clock } from "../clock.js";
import { fixedPrice } from "./fixed.js";
import { httpPrice } from "./http.js";
import type { PriceSource } from "./price-source.js";

/** The price source PRICE_SOURCE names. */
export function createPriceSource({
  config,
  clock,
  onError,
}: {
  config: PriceConfig;
  clock: Clock;
  onError?: (error: unknown) => void;
}): PriceSource {
  if (config.source === "fixed") return fixedPrice({ usdPerBtc: config.usdPerBtc, clock });
  return httpPrice({
    url: config.url,
    cacheSeconds: config.cacheSeconds,
    clock,
    ...(onError ? { onError } : {}),
  });
}
