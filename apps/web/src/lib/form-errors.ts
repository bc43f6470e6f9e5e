import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api-client";

const UNEXPECTED_MESSAGE = "Something went wrong. Please try again.";

/** The text to show for a failed request: the server's message, or a plain fallback for anything else. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : UNEXPECTED_MESSAGE;
}

/** The server's per-field messages (`fields` in the error body) for the fields of one form. */
export function fieldMessages<Name extends string>(
  error: unknown,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const messages: Partial<Record<Name, string>> = {};
  if (!isApiError(error)) return messages;
  for (const name of names) {
    const message = error.fields[name];
    if (message) messages[name] = message;
  }
  return messages;
}

/**
 * Puts the server's per-field messages (`fields` in the error body) on the form's own fields, focusing
 * the first. Returns false when none of them belongs to this form, so the caller shows the message
 * another way (an alert or a toast).
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  const messages = fieldMessages(error, names);
  let applied = false;
  for (const name of names) {
    const message = messages[name];
    if (!message) continue;
    setError(name, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
