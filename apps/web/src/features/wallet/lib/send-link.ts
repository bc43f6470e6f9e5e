import {
  isValidUsername,
  NOTE_MAX_LENGTH,
  plainText,
  recipientIsAddress,
  SATS_PER_BTC,
} from "@satsbank/shared";
import { z } from "zod";
import { paths } from "@/lib/paths";

// A payment link: the Receive screen writes one for another customer of the bank, and it opens the Send
// screen filled in (`/wallet/send?to=ada&amount=50000&note=Dinner`: the amount in satoshis). The link is
// anyone's text: each part is checked as the form would check it, and a part that fails is left out and
// named, never guessed at. Nothing is sent: the customer reviews the form, then the review dialog.

/** What a payment link asks for: a username (or an address), an amount in satoshis, a note. */
export interface SendLink {
  to: string;
  amountSats?: bigint | null;
  note?: string | null;
}

/** The path of a payment link (put it after the app's origin to share it). */
export function sendLinkPath({ to, amountSats, note }: SendLink): string {
  const params = new URLSearchParams({ to });
  if (amountSats != null && amountSats > 0n) params.set("amount", amountSats.toString());
  const text = note?.trim() ?? "";
  if (text !== "") params.set("note", text);
  return `${paths.wallet.send}?${params.toString()}`;
}

/** What the Send screen fills in from a link: each part that passed its check. */
export interface SendLinkValues {
  recipient?: string;
  amountSats?: bigint;
  note?: string;
}

/** Why a part of a payment link was left out: said above the form. */
export const sendLinkMessages = {
  filled: "Filled in from a payment link: check the recipient and the amount before you continue.",
  nothing: "Nothing could be filled in from this payment link.",
  to: "The link's recipient is not a username or a Bitcoin address, so it was left out.",
  amount: "The link's amount is not a whole number of satoshis above zero, so it was left out.",
  note: "The link's note is not plain text of at most 140 characters, so it was left out.",
} as const;

const MAX_SATS = 21_000_000n * SATS_PER_BTC;
const noteSchema = z.string().trim().check(plainText).min(1).max(NOTE_MAX_LENGTH);

function readTo(text: string): string | null {
  const to = text.trim();
  if (!/^[a-z0-9]+$/i.test(to) || to.length > 120) return null;
  return isValidUsername(to.toLowerCase()) || recipientIsAddress(to) ? to : null;
}

function readSats(text: string): bigint | null {
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const sats = BigInt(text);
  return sats <= MAX_SATS ? sats : null;
}

/**
 * Reads the Send screen's query string: `to`, `amount` (satoshis) and `note`, each checked. Null when the
 * screen was opened without a link (none of the three is there).
 */
export function readSendLink(params: URLSearchParams): { values: SendLinkValues; problems: string[] } | null {
  const to = params.get("to");
  const amount = params.get("amount");
  const note = params.get("note");
  if (to === null && amount === null && note === null) return null;
  const values: SendLinkValues = {};
  const problems: string[] = [];
  if (to !== null) {
    const recipient = readTo(to);
    if (recipient === null) problems.push(sendLinkMessages.to);
    else values.recipient = recipient;
  }
  if (amount !== null) {
    const sats = readSats(amount);
    if (sats === null) problems.push(sendLinkMessages.amount);
    else values.amountSats = sats;
  }
  if (note !== null) {
    const parsed = noteSchema.safeParse(note);
    if (parsed.success) values.note = parsed.data;
    else problems.push(sendLinkMessages.note);
  }
  return { values, problems };
}
