// The prices module: the BTC/USD price history (issue 24). The worker reads the configured price source
// once a minute and keeps each fresh reading, one a minute at most, forever (takePriceReading); the price
// at any moment is the latest reading at or before it (priceAt). A transaction records the latest reading
// no older than PRICE_READING_MAX_AGE_MS when it is created and when it settles, inside the statement that
// writes it (recentReadingAt). It owns price_readings.
export {
  PRICE_READING_MAX_AGE_MS,
  type PriceReading,
  priceAt,
  recentReadingAt,
  recentReadingWindow,
  recordFixedPriceSpan,
  recordPriceReading,
} from "./queries.js";
export { type PricesContext, takePriceReading } from "./take-reading.js";
