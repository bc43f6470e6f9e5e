import { AMOUNT_INPUT_PATTERN, BTC_DECIMALS, formatBtcPlain, SATS_PER_BTC } from "@satsbank/shared";

/**
 * Whether the staff's BTC amount fields may hold `text` as it is typed or pasted: digits with at most one
 * decimal point and no more decimals than a satoshi has. (The send form reads more: see `readAmount`.)
 */
export function isAmountInput(text: string): boolean {
  if (!AMOUNT_INPUT_PATTERN.test(text)) return false;
  const point = text.indexOf(".");
  return point === -1 || text.length - point - 1 <= BTC_DECIMALS;
}

/** What a send's amount can be typed in: BTC (8 decimals), sats (whole numbers) or US dollars (cents). */
export const AMOUNT_UNITS = ["BTC", "sats", "USD"] as const;
export type AmountUnit = (typeof AMOUNT_UNITS)[number];

export type DecimalSeparator = "." | ",";

/** The decimal separator of the customer's locale (the browser's language): "0,5" in much of Europe. */
export function localeDecimalSeparator(locale?: string | readonly string[]): DecimalSeparator {
  const decimal = new Intl.NumberFormat(locale as string | string[] | undefined)
    .formatToParts(1.5)
    .find((part) => part.type === "decimal");
  return decimal?.value === "," ? "," : ".";
}

/** What the send's amount field may hold at all: digits, points and commas; anything else is not typed. */
export function isAmountCharacters(text: string): boolean {
  return /^[0-9.,]*$/.test(text);
}

/** Why a typed amount cannot be read: said on the field as soon as it is typed, and again by Continue. */
export const amountInputMessages = {
  characters: "Type digits and one decimal separator (. or ,) only",
  separators: "Use one decimal separator and no thousands separators",
  satsWhole: "Sats are whole numbers: type them without a separator",
  btcDecimals: "BTC has at most 8 decimals",
  usdDecimals: "US dollars have at most 2 decimals",
  /** "1,000" where "," is a thousands separator: one, or one thousand? */
  ambiguous: (text: string, asDecimal: string, asWhole: string) =>
    `"${text}" could mean ${asDecimal} or ${asWhole}: leave out thousands separators`,
} as const;

const DECIMALS: Record<AmountUnit, number> = { BTC: BTC_DECIMALS, sats: 0, USD: 2 };

/** What the amount field holds: nothing yet, an amount in satoshis, or a problem to say on the field. */
export type AmountReading =
  | { kind: "empty" }
  | { kind: "amount"; sats: bigint }
  | { kind: "problem"; text: string };

export interface AmountContext {
  /** The customer's locale decimal separator: the other mark, before three digits, may be grouping. */
  decimalSeparator: DecimalSeparator;
  /** The USD price in cents per BTC (the wallet summary's), for an amount typed in US dollars. */
  usdCentsPerBtc: bigint;
}

/**
 * Reads a typed amount into satoshis, with integer arithmetic only. A point or a comma is the decimal
 * separator (the spec's point, and the comma much of the world writes); nothing is dropped or guessed:
 * both marks, two of one, or the locale's thousands separator before exactly three digits ("1,000" in
 * English: one, or one thousand?) are refused with a message, as are more decimals than the unit has. US
 * dollars buy whole satoshis, rounded down: never more than the dollars typed.
 */
export function readAmount(input: string, unit: AmountUnit, context: AmountContext): AmountReading {
  const text = input.trim();
  if (text === "") return { kind: "empty" };
  if (!isAmountCharacters(text)) return { kind: "problem", text: amountInputMessages.characters };
  const marks = text.match(/[.,]/g) ?? [];
  if (marks.length > 1) return { kind: "problem", text: amountInputMessages.separators };
  const [mark] = marks;
  const at = mark === undefined ? text.length : text.indexOf(mark);
  const whole = text.slice(0, at);
  const fraction = text.slice(at + 1);
  if (mark !== undefined && unit === "sats") return { kind: "problem", text: amountInputMessages.satsWhole };
  const grouping = mark !== context.decimalSeparator && /^[1-9]\d{0,2}$/.test(whole) && fraction.length === 3;
  if (grouping && unit === "BTC") {
    const asDecimal = `${whole}${context.decimalSeparator}${fraction}`;
    return { kind: "problem", text: amountInputMessages.ambiguous(text, asDecimal, `${whole}${fraction}`) };
  }
  // Dollars have no third decimal: the mark can only be grouping, and that is not guessed either.
  if (grouping) return { kind: "problem", text: amountInputMessages.separators };
  if (fraction.length > DECIMALS[unit]) {
    const tooMany = unit === "USD" ? amountInputMessages.usdDecimals : amountInputMessages.btcDecimals;
    return { kind: "problem", text: tooMany };
  }
  const units = BigInt(whole || "0") * 10n ** BigInt(DECIMALS[unit]);
  const scaled = units + BigInt(fraction.padEnd(DECIMALS[unit], "0") || "0");
  if (unit === "BTC" || unit === "sats") return { kind: "amount", sats: scaled };
  return { kind: "amount", sats: usdCentsToSats(scaled, context.usdCentsPerBtc) };
}

/** The whole satoshis a USD amount buys at the price: rounded down, never a float. */
export function usdCentsToSats(cents: bigint, usdCentsPerBtc: bigint): bigint {
  return usdCentsPerBtc > 0n ? (cents * SATS_PER_BTC) / usdCentsPerBtc : 0n;
}

/**
 * An amount as the field shows it in `unit`, written with the customer's decimal separator: what Max and
 * a change of unit fill in. BTC in its shortest exact form, sats whole, USD in cents rounded down (the
 * satoshis stay exact: the form keeps them, see the send form's pinned amount).
 */
export function amountInputText(sats: bigint, unit: AmountUnit, context: AmountContext): string {
  if (unit === "sats") return sats.toString();
  if (unit === "BTC") return formatBtcPlain(sats).replace(".", context.decimalSeparator);
  const cents = (sats * context.usdCentsPerBtc) / SATS_PER_BTC;
  return `${cents / 100n}${context.decimalSeparator}${(cents % 100n).toString().padStart(2, "0")}`;
}
