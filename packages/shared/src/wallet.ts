import { z } from "zod";
import { AMOUNT_INPUT_PATTERN, formatBtcPlain, parseBtc, satsSchema } from "./money.js";

// The specification's send messages (sections 5 and 8): title and text of each toast.
export const sendMessages = {
  recipientRequired: { title: "Recipient required", text: "Please enter a recipient address or username" },
  invalidAmount: { title: "Invalid amount", text: "Please enter a valid amount" },
  insufficientFunds: { title: "Insufficient funds", text: "You can only send up to {amount} BTC" },
  sent: "Bitcoin sent successfully",
} as const;

/**
 * What the server answers when a send cannot go ahead, written once for both sides. Field errors come back
 * as `fields.recipient` / `fields.amount` of a VALIDATION_ERROR; the web app shows them as destructive toasts.
 */
export const sendErrors = {
  unknownRecipient: {
    title: "Recipient not found",
    text: "No customer has that username or deposit address",
  },
  selfSend: { title: "Invalid recipient", text: "You can't send Bitcoin to yourself" },
  notVerified: {
    title: "Verification required",
    text: "Verify your identity and address before sending Bitcoin",
  },
  keyReused: { title: "Send not repeated", text: "This send was already submitted with different details" },
} as const;

/** "You can only send up to 0.00746 BTC": the spendable amount in its shortest exact form. */
export function insufficientFundsText(spendableSats: bigint): string {
  return sendMessages.insufficientFunds.text.replace("{amount}", formatBtcPlain(spendableSats));
}

export const NOTE_MAX_LENGTH = 140;

export const priceSchema = z.object({
  /** USD per BTC as a decimal string, e.g. "42389.57". */
  usdPerBtc: z.string().regex(/^\d+(\.\d{1,2})?$/),
  asOf: z.iso.datetime(),
  /** True when the provider could not be reached and this is the last known price. */
  stale: z.boolean(),
  source: z.enum(["fixed", "http"]),
});
export type Price = z.infer<typeof priceSchema>;

/** `GET /api/wallet`: the signed-in customer's balance and what they may do with it. */
export const walletSummarySchema = z.object({
  balanceSats: satsSchema,
  /** The most a transfer to another customer can move now (no network fee inside the bank). */
  spendableSats: satsSchema,
  /** The network fee charged on a withdrawal to an outside address. */
  withdrawalFeeSats: satsSchema,
  /** Sending needs verified identity and address; receiving never does. */
  canSend: z.boolean(),
  price: priceSchema,
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** The send form as the person fills it in (the amount is typed BTC text). */
export const sendFormSchema = z
  .object({
    recipient: z.string().trim().min(1, { error: sendMessages.recipientRequired.text }).max(120),
    amount: z
      .string()
      .trim()
      .refine((text) => AMOUNT_INPUT_PATTERN.test(text), { error: sendMessages.invalidAmount.text })
      .refine(
        (text) => {
          const sats = parseBtc(text);
          return sats !== null && sats > 0n;
        },
        { error: sendMessages.invalidAmount.text },
      ),
    note: z.string().trim().max(NOTE_MAX_LENGTH),
  })
  .strict();
export type SendForm = z.infer<typeof sendFormSchema>;

export const recipientSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("customer"), username: z.string(), name: z.string() }),
  z.object({ kind: z.literal("address"), address: z.string() }),
]);
export type Recipient = z.infer<typeof recipientSchema>;

/** `POST /api/wallet/send/quote`: who the recipient is and what the send will cost, before confirming. */
export const sendQuoteBodySchema = z.object({
  recipient: z.string().trim().min(1, { error: sendMessages.recipientRequired.text }).max(120),
  amountSats: satsSchema,
});
export type SendQuoteBody = z.infer<typeof sendQuoteBodySchema>;

export const sendQuoteSchema = z.object({
  recipient: recipientSchema,
  amountSats: satsSchema,
  feeSats: satsSchema,
  totalSats: satsSchema,
});
export type SendQuote = z.infer<typeof sendQuoteSchema>;

/** `POST /api/wallet/send`: the idempotency key is made when the review dialog opens. */
export const sendBodySchema = z.object({
  recipient: z.string().trim().min(1, { error: sendMessages.recipientRequired.text }).max(120),
  amountSats: satsSchema,
  note: z.string().trim().max(NOTE_MAX_LENGTH).optional(),
  idempotencyKey: z.uuid(),
});
export type SendBody = z.infer<typeof sendBodySchema>;
