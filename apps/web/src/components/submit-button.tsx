import { Button, type ButtonProps } from "@/components/ui/button";

export interface SubmitButtonProps extends Omit<ButtonProps, "type" | "children" | "asChild"> {
  /** The form's request runs: the button is disabled and says so. */
  busy: boolean;
  /** Its words while the request runs: "Signing in...". */
  busyLabel: string;
  /** Its words otherwise: "Sign In". */
  children: string;
}

/** A form's submit button, disabled while its request runs (and whenever `disabled` says). */
export function SubmitButton({ busy, busyLabel, children, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy || disabled} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}
