import type { ReactNode } from "react";
import { type UseFormReturn, useController } from "react-hook-form";
import { CodeInput } from "@/components/code-input";
import { FormField } from "@/components/form-field";

/** The forms that take a one-time code carry it as `code`. */
export type CodeFormValues = { code: string };

export interface CodeFieldProps {
  form: UseFormReturn<CodeFormValues>;
  label?: ReactNode;
  /** The id of text that explains where the code comes from, read out with the field. */
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * The labelled 6-digit code field. A message about the code (wrong, expired) goes away as soon as the
 * person types again, without checking the half-typed code.
 */
export function CodeField({ form, label = "Authentication code", describedBy, autoFocus }: CodeFieldProps) {
  const { field, fieldState } = useController({ control: form.control, name: "code" });
  const error = fieldState.error?.message;
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <CodeInput
          {...control}
          aria-describedby={[describedBy, control["aria-describedby"]].filter(Boolean).join(" ") || undefined}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(value) => {
            field.onChange(value);
            if (error !== undefined) form.clearErrors("code");
          }}
          autoFocus={autoFocus}
        />
      )}
    </FormField>
  );
}
