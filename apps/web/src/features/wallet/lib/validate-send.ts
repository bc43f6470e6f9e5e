import {
  dailyLimitText,
  insufficientFundsText,
  type SendForm,
  sendErrors,
  sendFormSchema,
  sendMessages,
} from "@satsbank/shared";
import type { AmountReading } from "@/lib/amount-input";
import { leftTodaySats, type SendableFigures, sendableSats } from "./sendable";

export type SendField = keyof SendForm;

/**
 * The amount as the form reads it (the typed text in its unit, or what Max or a change of unit pinned) and
 * the network fee to the recipient as far as the form knows it (see `sendFeeSats`).
 */
export interface SendAmount {
  reading: AmountReading;
  feeSats: bigint;
}

/** A send the form may ask a quote for. */
export interface ValidSend {
  ok: true;
  recipient: string;
  amountSats: bigint;
  /** Trimmed; undefined when empty. */
  note: string | undefined;
}

/** A field's problem, as the destructive toast shows it (title and text), and the field it belongs to. */
export interface SendProblem {
  ok: false;
  field: SendField;
  title: string;
  text: string;
}

const ORDER: readonly SendField[] = ["recipient", "amount", "note"];

/** Which title goes with a message of the shared schema (its texts are the specification's words). */
function titleFor(field: SendField, text: string): string {
  if (text === sendMessages.recipientRequired.text) return sendMessages.recipientRequired.title;
  if (field === "recipient") return "Invalid recipient";
  if (field === "amount") return sendMessages.invalidAmount.title;
  return "Invalid note";
}

function problem(field: SendField, title: string, text: string): SendProblem {
  return { ok: false, field, title, text };
}

/**
 * The amount's problem, in the specification's order: an amount above zero (or why the text is no
 * amount), within what can be sent (naming the fee when one comes out of the balance too), then within
 * what is left of today's limit.
 */
function amountProblem(figures: SendableFigures, { reading, feeSats }: SendAmount): SendProblem | null {
  if (reading.kind === "problem") return problem("amount", sendMessages.invalidAmount.title, reading.text);
  if (reading.kind === "empty" || reading.sats <= 0n) {
    return problem("amount", sendMessages.invalidAmount.title, sendMessages.invalidAmount.text);
  }
  const sendable = sendableSats(figures, feeSats);
  if (reading.sats > sendable) {
    const text = insufficientFundsText(sendable, feeSats);
    return problem("amount", sendMessages.insufficientFunds.title, text);
  }
  const leftToday = leftTodaySats(figures);
  if (leftToday !== null && reading.sats > leftToday) {
    return problem("amount", sendErrors.dailyLimit.title, dailyLimitText(leftToday));
  }
  return null;
}

/** Each field's first problem, in the specification's order, and the parsed (trimmed) form. */
function check(
  values: SendForm,
  figures: SendableFigures,
  amount: SendAmount,
): { problems: SendProblem[]; data?: SendForm } {
  const parsed = sendFormSchema.safeParse(values);
  const issues = parsed.error?.issues ?? [];
  const problems: SendProblem[] = [];
  for (const field of ORDER) {
    const issue = issues.find((candidate) => candidate.path[0] === field);
    if (issue) problems.push(problem(field, titleFor(field, issue.message), issue.message));
    else if (field === "amount") {
      const found = amountProblem(figures, amount);
      if (found) problems.push(found);
    }
  }
  // A problem the schema cannot tie to a field still stops the send, on the amount.
  const stray = issues[0];
  if (problems.length === 0 && stray) {
    problems.push(problem("amount", sendMessages.invalidAmount.title, stray.message));
  }
  return { problems, data: parsed.data };
}

/**
 * The first problem of the send, or the send itself: recipient trimmed, amount in satoshis. The server
 * checks all of it again (and who the recipient is) when it quotes.
 */
export function validateSend(
  values: SendForm,
  figures: SendableFigures,
  amount: SendAmount,
): ValidSend | SendProblem {
  const { problems, data } = check(values, figures, amount);
  const [first] = problems;
  if (first) return first;
  if (!data || amount.reading.kind !== "amount") {
    return problem("amount", sendMessages.invalidAmount.title, sendMessages.invalidAmount.text);
  }
  return {
    ok: true,
    recipient: data.recipient,
    amountSats: amount.reading.sats,
    note: data.note === "" ? undefined : data.note,
  };
}

/**
 * One field's problem, whatever the others hold: a marked field is checked again as it is edited, and its
 * mark and toast go once this answers null.
 */
export function fieldProblem(
  values: SendForm,
  figures: SendableFigures,
  amount: SendAmount,
  field: SendField,
): SendProblem | null {
  return check(values, figures, amount).problems.find((found) => found.field === field) ?? null;
}
