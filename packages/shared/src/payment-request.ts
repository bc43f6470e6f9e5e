import { z } from "zod";
import { BTC_DECIMALS, formatBtcPlain, SATS_PER_BTC } from "./money.js";
import { isPlainText, plainText } from "./text.js";
import { recipientIsAddress } from "./wallet.js";

// A payment request is a BIP-21 URI: `bitcoin:<address>?amount=<BTC>&label=<text>&message=<text>`. The
// Receive screen writes one (its QR code and its text); the send form reads one pasted or scanned into the
// Recipient field and fills the address and the amount. Nothing in it is trusted: the customer still
// reviews the send, and the server checks the address and the amount as it checks any.

/** The most BTC there will ever be: an amount above it is no amount. */
const MAX_BTC_SATS = 21_000_000n * SATS_PER_BTC;

/** The longest label the Receive screen writes into a request (it goes into the QR code). */
export const PAYMENT_LABEL_MAX_LENGTH = 60;

/** What a payment request asks for. */
export type PaymentRequest = {
  address: string;
  /** In satoshis, exactly as the request wrote it in BTC; null when it names no amount. */
  amountSats: bigint | null;
  label: string | null;
  message: string | null;
};

export type PaymentRequestReading = { ok: true; request: PaymentRequest } | { ok: false; error: string };

/** Why a payment request cannot be paid as it is: said on the Recipient field, nothing filled in. */
export const paymentRequestMessages = {
  malformed: "This payment request is not a valid bitcoin: link",
  address: "This payment request has no valid Bitcoin address",
  amount: "This payment request's amount is not a valid BTC amount (at most 8 decimals)",
  twice: (name: string) => `This payment request names "${name}" twice`,
  text: (name: string) => `This payment request's ${name} is not plain text`,
  required: (name: string) => `This payment request needs "${name}", which this bank cannot do`,
} as const;

const SCHEME = /^bitcoin:/i;

/** True when the text is meant as a payment request (a `bitcoin:` URI), whether or not it is a valid one. */
export function isPaymentRequestText(text: string): boolean {
  return SCHEME.test(text.trim());
}

/**
 * BIP-21's amount: decimal BTC, digits with at most one point, at most 8 decimals (a satoshi), above zero
 * and at most 21 million; into satoshis with integers only. No exponent, no comma, no sign.
 */
function readBtcAmount(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === "" || text === ".") return null;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (fraction.length > BTC_DECIMALS || whole.length > 8) return null;
  const sats = BigInt(whole || "0") * SATS_PER_BTC + BigInt(fraction.padEnd(BTC_DECIMALS, "0"));
  return sats > 0n && sats <= MAX_BTC_SATS ? sats : null;
}

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * Reads a BIP-21 URI: the scheme in any case, the address as the Recipient field would take it (letters
 * and digits that read as an address: `recipientIsAddress`; the server checks its checksum and network),
 * the amount in BTC exactly, the label and the message percent-decoded. Refused, with the reason: anything
 * malformed, a parameter named twice, and a `req-` parameter (BIP-21: a required parameter the reader
 * does not know makes the whole request invalid). Parameters it does not know otherwise are left aside.
 */
export function parsePaymentRequest(input: string): PaymentRequestReading {
  const text = input.trim();
  if (!SCHEME.test(text) || !isPlainText(text) || /[\s#]/.test(text))
    return { ok: false, error: paymentRequestMessages.malformed };
  const rest = text.slice("bitcoin:".length);
  const query = rest.indexOf("?");
  const address = query === -1 ? rest : rest.slice(0, query);
  if (!/^[a-z0-9]+$/i.test(address) || address.length > 120 || !recipientIsAddress(address))
    return { ok: false, error: paymentRequestMessages.address };
  const request: PaymentRequest = { address, amountSats: null, label: null, message: null };
  const seen = new Set<string>();
  for (const part of query === -1 ? [] : rest.slice(query + 1).split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const name = decoded(equals === -1 ? part : part.slice(0, equals))?.toLowerCase();
    const value = decoded(equals === -1 ? "" : part.slice(equals + 1));
    if (name === undefined || name === "" || value === null)
      return { ok: false, error: paymentRequestMessages.malformed };
    if (seen.has(name)) return { ok: false, error: paymentRequestMessages.twice(name) };
    seen.add(name);
    if (name.startsWith("req-")) return { ok: false, error: paymentRequestMessages.required(name) };
    if (name === "amount") {
      request.amountSats = readBtcAmount(value);
      if (request.amountSats === null) return { ok: false, error: paymentRequestMessages.amount };
    } else if (name === "label" || name === "message") {
      if (!isPlainText(value)) return { ok: false, error: paymentRequestMessages.text(name) };
      request[name] = value;
    }
  }
  return { ok: true, request };
}

/**
 * The BIP-21 URI of a request: the address as given, the amount (when above zero) in BTC in its shortest
 * exact form, the label (when not blank) percent-encoded. What the Receive screen's QR code holds.
 */
export function paymentRequestUri(request: {
  address: string;
  amountSats?: bigint | null;
  label?: string | null;
}): string {
  const params: string[] = [];
  if (request.amountSats != null && request.amountSats > 0n)
    params.push(`amount=${formatBtcPlain(request.amountSats)}`);
  const label = request.label?.trim() ?? "";
  if (label !== "") params.push(`label=${encodeURIComponent(label)}`);
  return `bitcoin:${request.address}${params.length === 0 ? "" : `?${params.join("&")}`}`;
}

/** The Receive screen's label field: optional plain text, short enough for a QR code. */
export const paymentLabelSchema = z.string().trim().check(plainText).max(PAYMENT_LABEL_MAX_LENGTH);
