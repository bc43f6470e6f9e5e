import {
  insufficientFundsText,
  parseBtc,
  type SendForm,
  sendFormSchema,
  sendMessages,
} from "@satsbank/shared";

export type SendField = keyof SendForm;

/** A send the form may ask a quote for. */
export interface ValidSend {
  ok: true;
  recipient: string;
  amountSats: bigint;
  /** Trimmed; undefined when empty. */
  note: string | undefined;
}

/** The first problem, as the destructive toast shows it (title and text) and the field it belongs to. */
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
 * The specification's checks, in its order: a recipient, an amount above zero, an amount within what can
 * be sent. The server checks all of them again (and who the recipient is) when it quotes.
 */
export function validateSend(values: SendForm, spendableSats: bigint): ValidSend | SendProblem {
  const parsed = sendFormSchema.safeParse(values);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    for (const field of ORDER) {
      const issue = issues.find((candidate) => candidate.path[0] === field);
      if (issue) return { ok: false, field, title: titleFor(field, issue.message), text: issue.message };
    }
    const first = issues[0];
    return {
      ok: false,
      field: "amount",
      title: sendMessages.invalidAmount.title,
      text: first?.message ?? "",
    };
  }
  const amountSats = parseBtc(parsed.data.amount);
  if (amountSats === null || amountSats <= 0n) {
    return { ok: false, field: "amount", ...sendMessages.invalidAmount };
  }
  if (amountSats > spendableSats) {
    return {
      ok: false,
      field: "amount",
      title: sendMessages.insufficientFunds.title,
      text: insufficientFundsText(spendableSats),
    };
  }
  return {
    ok: true,
    recipient: parsed.data.recipient,
    amountSats,
    note: parsed.data.note === "" ? undefined : parsed.data.note,
  };
}
