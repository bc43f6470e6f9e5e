import type { ComponentProps } from "react";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";

export interface RecoveryCodeFieldProps extends Omit<ComponentProps<"input">, "id" | "type"> {
  error?: string;
  /** The id of text that says what a recovery code is, read out with the field. */
  describedBy?: string;
}

/**
 * A labelled "Recovery code" field: one of the codes shown when two-factor authentication was turned on
 * ("7hk3m-q9xwz"; case, spaces and the hyphen do not matter). Spread `form.register("recoveryCode")` in.
 */
export function RecoveryCodeField({ error, describedBy, ...input }: RecoveryCodeFieldProps) {
  return (
    <FormField label="Recovery code" error={error}>
      {(control) => (
        <Input
          {...control}
          aria-describedby={[describedBy, control["aria-describedby"]].filter(Boolean).join(" ") || undefined}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
          className="font-mono"
          {...input}
        />
      )}
    </FormField>
  );
}
