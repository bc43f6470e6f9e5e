import { sendErrors, sendMessages } from "@satsbank/shared";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";

/** A refused quote or send, as its destructive toast says it. */
export interface SendErrorToast {
  title: string;
  text: string;
}

const KNOWN: readonly SendErrorToast[] = [
  sendMessages.recipientRequired,
  sendMessages.invalidAmount,
  ...Object.values(sendErrors),
];

/**
 * Titles the server's answer: a message the shared contract knows keeps its title; an amount problem is
 * about funds ("You can only send up to ..."); any other recipient problem is an invalid recipient.
 */
export function sendErrorToast(error: unknown, fallbackTitle: string): SendErrorToast {
  if (!isApiError(error)) return { title: fallbackTitle, text: errorMessage(error) };
  const titled = (text: string, otherwise: string): SendErrorToast => ({
    title: KNOWN.find((known) => known.text === text)?.title ?? otherwise,
    text,
  });
  const recipient = error.fields.recipient;
  if (recipient) return titled(recipient, "Invalid recipient");
  const amount = error.fields.amount;
  if (amount) return titled(amount, sendMessages.insufficientFunds.title);
  const note = error.fields.note;
  if (note) return { title: "Invalid note", text: note };
  if (error.code === "FORBIDDEN") return titled(error.message, sendErrors.notVerified.title);
  if (error.code === "CONFLICT") return titled(error.message, sendErrors.keyReused.title);
  return titled(error.message, fallbackTitle);
}
