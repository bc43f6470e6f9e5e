import {
  dailyLimitText,
  insufficientFundsText,
  parseBtc,
  type SendForm,
  sendErrors,
  sendFormSchema,
  sendMessages,
} from "@satsbank/shared";
import { leftTodaySats, type SendableFigures, sendableSats } from "./sendable";

export type SendField = keyof SendForm;

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
  if (text === sendMessages.invalidAmount.text) return sendMessages.invalidAmount.title;
  if (field === "recipient") return "Invalid recipient";
  if (field === "amount") return sendMessages.invalidAmount.title;
  return "Invalid note";
}

/**
 * Each field's first problem, in the specification's order: a recipient, an amount above zero, an amount
 * within what can be sent (to that recipient: see `sendableSats`), then within what is left of today's
 * limit; and the parsed (trimmed) form. A problem the schema cannot tie to a field still stops the send,
 * on the amount.
 */
function check(values: SendForm, figures: SendableFigures): { problems: SendProblem[]; data?: SendForm } {
  const parsed = sendFormSchema.safeParse(values);
  const sendable = sendableSats(figures, values.recipient);
  const leftToday = leftTodaySats(figures);
  const issues = parsed.error?.issues ?? [];
  const problems: SendProblem[] = [];
  for (const field of ORDER) {
    const issue = issues.find((candidate) => candidate.path[0] === field);
    if (issue) {
      problems.push({ ok: false, field, title: titleFor(field, issue.message), text: issue.message });
      continue;
    }
    const amountSats = field === "amount" ? parseBtc(values.amount.trim()) : null;
    if (amountSats !== null && amountSats > sendable) {
      problems.push({
        ok: false,
        field,
        title: sendMessages.insufficientFunds.title,
        text: insufficientFundsText(sendable),
      });
    } else if (amountSats !== null && leftToday !== null && amountSats > leftToday) {
      problems.push({
        ok: false,
        field,
        title: sendErrors.dailyLimit.title,
        text: dailyLimitText(leftToday),
      });
    }
  }
  const stray = issues[0];
  if (problems.length === 0 && stray) {
    problems.push({
      ok: false,
      field: "amount",
      title: sendMessages.invalidAmount.title,
      text: stray.message,
    });
  }
  return { problems, data: parsed.data };
}

/**
 * The first problem of the send, or the send itself: recipient trimmed, amount in satoshis. The server
 * checks all of it again (and who the recipient is) when it quotes.
 */
export function validateSend(values: SendForm, figures: SendableFigures): ValidSend | SendProblem {
  const { problems, data } = check(values, figures);
  const [first] = problems;
  if (first) return first;
  const amountSats = data ? parseBtc(data.amount) : null;
  if (!data || amountSats === null) return { ok: false, field: "amount", ...sendMessages.invalidAmount };
  return {
    ok: true,
    recipient: data.recipient,
    amountSats,
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
  field: SendField,
): SendProblem | null {
  return check(values, figures).problems.find((problem) => problem.field === field) ?? null;
}
