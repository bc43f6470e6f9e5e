import { z } from "zod";
import type { ErrorReason } from "./errors.js";
import { sendLimitSchema } from "./kyc.js";
import { formatBtc, satsSchema } from "./money.js";
import { passkeyApprovalSchema, passkeyErrors } from "./passkeys.js";
import { plainText } from "./text.js";
import { BITCOIN_ADDRESS_PREFIXES, USERNAME_MAX_LENGTH } from "./username.js";

// The specification's send messages (sections 5 and 8): title and text of each toast.
export const sendMessages = {
  recipientRequired: { title: "Recipient required", text: "Please enter a recipient address or username" },
  invalidAmount: { title: "Invalid amount", text: "Please enter a valid amount" },
  insufficientFunds: { title: "Insufficient funds", text: "You can only send up to {amount} BTC" },
  sent: "Bitcoin sent successfully",
} as const;

// The receive screen's words. The specification names the share fallback's toast (section 8) and the
// confirmation time (sections 2 and 9); it gives no words for a plain copy, so that toast follows
// 'User ID copied'.
export const receiveMessages = {
  copied: "Address copied",
  shareFallback: { title: "Sharing not supported", text: "Address copied to clipboard instead" },
  confirmationTime: "Transactions may take 10-60 minutes to confirm.",
} as const;

/**
 * What a credited deposit's hold is called when the network reversed it (issue 19's words): the balance
 * card's line and the notification's first sentence.
 */
export const DEPOSIT_ON_HOLD_TEXT = "On hold: the network reversed this deposit";

/** A refusal's destructive toast: its title and its text. */
export type SendErrorToast = { readonly title: string; readonly text: string };

/** The reasons a quote or a send can be refused for (every reason but the staff dashboard's own). */
export type SendErrorReason = Exclude<ErrorReason, "enrolTwoFactor" | "reauthenticate">;

/**
 * Why the server refuses a quote or a send, written once for both sides and keyed by the error's
 * `reason`. Field problems come back as `fields.recipient` / `fields.amount` of a VALIDATION_ERROR (the
 * `reason` names the first of them); not verified is a FORBIDDEN and a reused key a CONFLICT. The web app
 * titles its toast from the reason, never by matching the text.
 */
export const sendErrors = {
  unknownRecipient: {
    title: "Recipient not found",
    text: "No customer has that username or deposit address",
  },
  selfSend: { title: "Invalid recipient", text: "You can't send Bitcoin to yourself" },
  invalidAddress: {
    title: "Invalid recipient",
    text: "That is not a valid Bitcoin address: check it and try again",
  },
  otherNetworkAddress: {
    title: "Invalid recipient",
    text: "That address belongs to another Bitcoin network",
  },
  /** Its text names the address's own dust limit: see `belowDustText`. */
  belowDust: {
    title: "Invalid amount",
    text: "The smallest amount you can send to this address is {amount} BTC",
  },
  invalidAmount: sendMessages.invalidAmount,
  /** Its text names the spendable amount: see `insufficientFundsText`. */
  insufficientFunds: sendMessages.insufficientFunds,
  /** Its text names what is left of the rolling 24-hour limit: see `dailyLimitText`. */
  dailyLimit: { title: "Daily limit reached", text: "You can send up to {amount} BTC more today" },
  notVerified: {
    title: "Verification required",
    text: "Verify your identity and address before sending Bitcoin",
  },
  emailNotVerified: {
    title: "Email not verified",
    text: "Confirm your email address before sending Bitcoin: open the link we emailed you",
  },
  keyReused: { title: "Send not repeated", text: "This send was already submitted with different details" },
  notCancellable: {
    title: "Cannot cancel",
    text: "This withdrawal can no longer be cancelled: it is already on its way",
  },
  ownAddress: {
    title: "Address not allowed",
    text: "This address belongs to the bank itself: send to a customer's username or an address outside the bank.",
  },
  withdrawalsPaused: {
    title: "Withdrawals paused",
    text: "Withdrawals are paused while the bank checks its books. Your money is safe; please try again later.",
  },
  accountInactive: {
    title: "Account deactivated",
    text: "This account has been deactivated. Please contact us to reactivate it.",
  },
  // A withdrawal approved on the device (issue 22).
  ...passkeyErrors,
} as const satisfies Record<SendErrorReason, SendErrorToast>;

/** True when a refusal's reason is one of a send's (`sendErrors` has its toast). */
export function isSendErrorReason(reason: ErrorReason): reason is SendErrorReason {
  return Object.hasOwn(sendErrors, reason);
}

/**
 * "You can only send up to 0.00746000 BTC": the spendable amount, with 8 decimals like every amount the app
 * shows. When a network fee comes out of the balance too (a withdrawal), the specification's sentence is
 * kept whole and the fee named after it: "You can only send up to 0.00745000 BTC (after the 0.00001000 BTC
 * network fee)".
 */
export function insufficientFundsText(spendableSats: bigint, feeSats = 0n): string {
  const text = sendMessages.insufficientFunds.text.replace("{amount}", formatBtc(spendableSats));
  return feeSats > 0n ? `${text} (after the ${formatBtc(feeSats)} BTC network fee)` : text;
}

/**
 * "The smallest amount you can send to this address is 0.00000294 BTC": the dust limit of the address's
 * type (the server works it out from the address: 546 sat for P2PKH down to 294 for P2WPKH).
 */
export function belowDustText(dustLimitSats: bigint): string {
  return sendErrors.belowDust.text.replace("{amount}", formatBtc(dustLimitSats));
}

/** "You can send up to 0.05000000 BTC more today": what is left of the customer's rolling 24-hour limit. */
export function dailyLimitText(remainingSats: bigint): string {
  return sendErrors.dailyLimit.text.replace("{amount}", formatBtc(remainingSats));
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

/**
 * The least any withdrawal may send: the smallest dust limit of an address type (P2WPKH's 294 sat), below
 * which nodes relay no output. Each address has its own (546 sat for P2PKH, 540 P2SH, 330 P2WSH and P2TR):
 * the server checks the one of the address sent to, and `belowDustText` says it in BTC.
 */
export const MIN_WITHDRAWAL_SATS = 294n;

/**
 * True when the recipient, as typed, is meant as an address rather than a username: letters and digits
 * too long for a username, or starting like a bech32 address (valid or not). A send to an address is a
 * withdrawal unless the address is another customer's: the form uses this to know what Max can fill in
 * (and the server to tell a mistyped address from an unknown username); the server decides.
 */
export function recipientIsAddress(recipient: string): boolean {
  const text = recipient.trim();
  return (
    /^[a-z0-9]+$/i.test(text) &&
    (text.length > USERNAME_MAX_LENGTH ||
      BITCOIN_ADDRESS_PREFIXES.some((prefix) => text.toLowerCase().startsWith(prefix)))
  );
}

/** `GET /api/wallet`: the signed-in customer's balance and what they may do with it. */
export const walletSummarySchema = z.object({
  balanceSats: satsSchema,
  /** The most a transfer to another customer can move now (no network fee inside the bank). */
  spendableSats: satsSchema,
  /**
   * Held from the balance because the network reversed a deposit after it was credited ("On hold: the
   * network reversed this deposit"): not in `balanceSats`, given back if the deposit confirms again. "0"
   * when nothing is held.
   */
  onHoldSats: satsSchema,
  /** The network fee of a withdrawal (a send to an address outside the bank): WITHDRAWAL_FEE_SAT. */
  withdrawalFeeSats: satsSchema,
  /** The rolling 24-hour send limit of the customer's verification level; null at level 0 (no sending). */
  sendLimit: sendLimitSchema.nullable(),
  /** Sending needs verified identity and address; receiving never does. */
  canSend: z.boolean(),
  price: priceSchema,
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** A send's recipient as typed: another customer's username or a Bitcoin address. */
const recipientSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: sendMessages.recipientRequired.text })
  .max(120);

/**
 * The send form as the person fills it in. The amount is the text typed in the unit the customer chose (BTC,
 * sats or USD) with their locale's decimal separator: the web app reads it into satoshis with the unit, the
 * separator and the price (apps/web `lib/amount-input.ts`), and only satoshis go to the server.
 */
export const sendFormSchema = z
  .object({
    recipient: recipientSchema,
    amount: z.string().trim(),
    note: z.string().trim().check(plainText).max(NOTE_MAX_LENGTH),
  })
  .strict();
export type SendForm = z.infer<typeof sendFormSchema>;

/** The customer a send's recipient names, as the send review shows them. */
export const payeeSchema = z.object({ username: z.string(), name: z.string() });
export type Payee = z.infer<typeof payeeSchema>;

/** How many recent payees the send form offers. */
export const RECENT_PAYEES_LIMIT = 5;

/**
 * `GET /api/wallet/payees/recent`: the customers the signed-in customer sent to last, newest first, each
 * once (those who can still be paid), as the send review shows a payee.
 */
export const recentPayeesSchema = z.object({ payees: z.array(payeeSchema).max(RECENT_PAYEES_LIMIT) });
export type RecentPayees = z.infer<typeof recentPayeesSchema>;

/** `POST /api/wallet/send/quote`: whom the recipient names and what the send will cost, before confirming. */
export const sendQuoteBodySchema = z.object({
  recipient: recipientSchema,
  amountSats: satsSchema,
});
export type SendQuoteBody = z.infer<typeof sendQuoteBodySchema>;

/** Where a send goes: to another customer (inside the bank, no fee) or to an outside address (a withdrawal). */
export const sendKindSchema = z.enum(["transfer", "withdrawal"]);
export type SendKind = z.infer<typeof sendKindSchema>;

export const sendQuoteSchema = z.object({
  kind: sendKindSchema,
  /** The customer a transfer reaches; null for a withdrawal. */
  payee: payeeSchema.nullable(),
  /** The address the money goes to: the outside address of a withdrawal, or the payee's deposit address. */
  address: z.string().nullable(),
  amountSats: satsSchema,
  feeSats: satsSchema,
  totalSats: satsSchema,
  /**
   * What a withdrawal will wait for once confirmed (the send review says it before "Confirm & Send"): a
   * hold of `holdHours` (a first withdrawal to this address), staff approvals. Null for a transfer.
   */
  withdrawal: z
    .object({
      holdHours: z.number().int().positive().nullable(),
      approvalsNeeded: z.number().int().min(0).max(2),
    })
    .nullable(),
});
export type SendQuote = z.infer<typeof sendQuoteSchema>;

/**
 * `POST /api/wallet/send/recipient`: where a recipient sends the money and what the network fee is, before
 * any amount: the send form shows the fee, the total and what Max fills in as soon as the recipient is
 * known. The same refusals as a quote's recipient (unknown, invalid address, self-send, the bank's own).
 */
export const sendRecipientBodySchema = z.object({ recipient: recipientSchema });
export type SendRecipientBody = z.infer<typeof sendRecipientBodySchema>;

export const sendRecipientSchema = z.object({
  kind: sendKindSchema,
  /** The customer a transfer reaches; null for a withdrawal. */
  payee: payeeSchema.nullable(),
  /** The outside address of a withdrawal, or the payee's deposit address when the recipient was one. */
  address: z.string().nullable(),
  /** "0" inside the bank; the withdrawal fee (WITHDRAWAL_FEE_SAT) to an outside address. */
  feeSats: satsSchema,
});
export type SendRecipient = z.infer<typeof sendRecipientSchema>;

/** `POST /api/wallet/send`: the idempotency key is made when the send review opens. */
export const sendBodySchema = z.object({
  recipient: recipientSchema,
  amountSats: satsSchema,
  note: z.string().trim().check(plainText).max(NOTE_MAX_LENGTH).optional(),
  idempotencyKey: z.uuid(),
  /**
   * A withdrawal of a customer with a passkey (and the setting on): the passkey's signature over this very
   * withdrawal, answering the challenge of the 403 PASSKEY_REQUIRED the same body got without it.
   */
  approval: passkeyApprovalSchema.optional(),
});
export type SendBody = z.infer<typeof sendBodySchema>;

/** The Bitcoin networks a bank can run on (`BITCOIN_NETWORK`). */
export const bitcoinNetworkSchema = z.enum(["mainnet", "testnet", "signet", "regtest"]);
export type BitcoinNetworkName = z.infer<typeof bitcoinNetworkSchema>;

/**
 * `GET /api/wallet/receive`: where the customer can be paid. `address` is their current deposit address
 * (a new one once a payment to it is seen), `uri` its BIP21 URI for the QR code, `username` the name other
 * customers can send to inside the bank.
 */
export const receiveInfoSchema = z.object({
  address: z.string().min(1),
  uri: z.string().startsWith("bitcoin:"),
  username: z.string(),
  network: bitcoinNetworkSchema,
  /** The customer's own label of this address (BIP-329 `addr`); null when none. */
  label: z.string().nullable(),
});
export type ReceiveInfo = z.infer<typeof receiveInfoSchema>;
