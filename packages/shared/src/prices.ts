import { z } from "zod";

// The BTC/USD price a transaction recorded (issue 24): when it was created and when it settled.

/** Where a price reading came from: the configured PRICE_SOURCE's kind. */
export const priceReadingSourceSchema = z.enum(["fixed", "http"]);
export type PriceReadingSource = z.infer<typeof priceReadingSourceSchema>;

/** What a transaction recorded: a reading's source, or `unavailable` when no recent reading could be had. */
export const recordedPriceSourceSchema = z.enum([...priceReadingSourceSchema.options, "unavailable"]);
export type RecordedPriceSource = z.infer<typeof recordedPriceSourceSchema>;

/** When the price a transaction shows was recorded: at settlement if it settled with one, else at creation. */
export const recordedPriceMomentSchema = z.enum(["settled", "created"]);
export type RecordedPriceMoment = z.infer<typeof recordedPriceMomentSchema>;

/** The price of BTC in USD a transaction recorded, for "≈ $X at the time". */
export const priceAtTheTimeSchema = z.object({
  /** US cents per BTC, as a decimal string. */
  usdCentsPerBtc: z.string().regex(/^[1-9]\d*$/),
  source: priceReadingSourceSchema,
  /** When the source gave this price. */
  readAt: z.iso.datetime(),
  moment: recordedPriceMomentSchema,
});
export type PriceAtTheTime = z.infer<typeof priceAtTheTimeSchema>;
