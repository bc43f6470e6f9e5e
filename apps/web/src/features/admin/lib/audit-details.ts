import { type AuditEvent, formatBtc, formatUsdCents, parseUsdCents } from "@satsbank/shared";
import { adminTimeText } from "./admin-time";

/** One particular of an audited action, as staff read it: "Sessions ended" / "2". */
export interface AuditDetail {
  label: string;
  text: string;
}

/** The words for the keys the server writes (modules' recordAuditEvent calls); others are spelled out. */
const LABELS: Readonly<Record<string, string>> = {
  sessionsEnded: "Sessions ended",
  notificationId: "Notification ID",
  subject: "Subject",
  filters: "Filters",
  q: "Search",
  type: "Type",
  status: "Status",
  usdPerBtc: "Price",
  priceAsOf: "Price as of",
  txid: "Transaction ID",
  added: "Signatures added",
  ignored: "Signatures ignored",
  signedBy: "Signed by keys",
  complete: "Fully signed",
  outcome: "Outcome",
  reason: "Reason",
  amountSats: "Amount",
  minerFeeSats: "Miner fee",
  hotAddress: "Hot wallet address",
  coins: "Coins spent",
  changeSats: "Change",
  valueSats: "Value",
  heldSats: "Held",
  address: "Address",
  pausedSince: "Paused since",
  problems: "Problems",
  previousStatus: "Status before",
  replyId: "Reply ID",
  level: "Level",
  decision: "Decision",
  replaced: "Replaced",
  decidedBy: "Decided by",
  decidedAt: "Decided at",
  approvals: "Approvals",
  approvalsNeeded: "Approvals needed",
  released: "Released for payout",
};

/** "sessionsEnded" -> "Sessions ended": a key the table above does not know yet, still in words. */
function spelledOut(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(key: string): string {
  return LABELS[key] ?? spelledOut(key);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const SATS = /^-?\d+$/;
const USD = /^\d+\.\d{2}$/;

/** A value in words: amounts in BTC with 8 decimals, times as the staff tables show them, Yes and No. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "None";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") {
    if (key.endsWith("Sats") && SATS.test(value)) return `${formatBtc(BigInt(value))} BTC`;
    if (key === "usdPerBtc" && USD.test(value)) return `${formatUsdCents(parseUsdCents(value))} per BTC`;
    if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return adminTimeText(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "None";
    return value.map((item) => valueText(key, item)).join(Array.isArray(value[0]) ? "; " : ", ");
  }
  if (typeof value === "object") {
    // A problem of the watchdog's says itself in its message.
    if ("message" in value && typeof value.message === "string") return value.message;
    return Object.entries(value)
      .map(([inner, innerValue]) => `${labelOf(inner)}: ${valueText(inner, innerValue)}`)
      .join(", ");
  }
  return String(value);
}

/** An action's particulars as labelled text, in the order the server wrote them: never raw JSON. */
export function auditDetails(details: AuditEvent["details"]): AuditDetail[] {
  return Object.entries(details).map(([key, value]) => ({
    label: labelOf(key),
    text: valueText(key, value),
  }));
}
