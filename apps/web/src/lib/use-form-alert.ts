import { useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { applyFieldErrors, errorMessage } from "./form-errors";

/**
 * The alert above a form that sends a request: a refusal's per-field messages go on the form's own fields
 * (the first focused); anything else is said in the alert (`text`, for `<FormAlert>`).
 */
export function useFormAlert<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  initial?: string,
) {
  const [text, setText] = useState<string | undefined>(initial);
  return {
    text,
    /** A new attempt: the last refusal no longer stands. */
    clear: () => setText(undefined),
    /** A failure that is not the server's (the browser's passkey dialog): said in the alert as it is. */
    say: (message: string) => setText(message),
    /** The request was refused: on the fields it names, else in the alert. */
    show: (error: unknown) => {
      if (!applyFieldErrors(error, setError, fields)) setText(errorMessage(error));
    },
  };
}
