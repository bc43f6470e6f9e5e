import {
  type ErrorCode,
  isSendErrorReason,
  type SendErrorToast,
  sendErrors,
  sendMessages,
} from "@satsbank/shared";
import { type ApiError, isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";

/** The send form's fields, in the order the server reports them (its message is the first one's). */
const FIELDS = ["recipient", "amount", "note"] as const;
type SendErrorField = (typeof FIELDS)[number];

// Without a reason (a body the schema refused, an older server) the field, then the code, gives the title.
const fieldTitles = {
  recipient: "Invalid recipient",
  amount: sendMessages.invalidAmount.title,
  note: "Invalid note",
} as const satisfies Record<SendErrorField, string>;

const codeTitles: Partial<Record<ErrorCode, string>> = {
  FORBIDDEN: sendErrors.notVerified.title,
  CONFLICT: sendErrors.keyReused.title,
};

function titleOf(error: ApiError, field: SendErrorField | undefined, fallbackTitle: string): string {
  if (error.reason !== undefined && isSendErrorReason(error.reason)) return sendErrors[error.reason].title;
  if (field !== undefined) return fieldTitles[field];
  return codeTitles[error.code] ?? fallbackTitle;
}

/**
 * A refused quote or send, as its destructive toast says it. The title comes from the error's reason code
 * (or, without one, its field or code), never from its English text; the text is the server's message for
 * the first field it names, or its message.
 */
export function sendErrorToast(error: unknown, fallbackTitle: string): SendErrorToast {
  if (!isApiError(error)) return { title: fallbackTitle, text: errorMessage(error) };
  const field = FIELDS.find((name) => error.fields[name] !== undefined);
  const text = (field === undefined ? undefined : error.fields[field]) ?? error.message;
  return { title: titleOf(error, field, fallbackTitle), text };
}
