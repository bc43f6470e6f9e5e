import { Button, type ButtonProps } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";

export interface SubmitButtonProps extends Omit<ButtonProps, "type" | "children" | "asChild"> {
  /** The form's request runs: the button is disabled and says so. */
  busy: boolean;
  /** Its words while the request runs: "Signing in...". */
  busyLabel: string;
  /** Its words otherwise: "Sign In". */
  children: string;
}

/**
 * A form's submit button, disabled while its request runs (and whenever `disabled` says). In a page the
 * build drew in advance (sign-in) it is disabled until the app has taken the page over: a form submitted
 * by the browser itself would put what was typed, the password too, in the address.
 */
export function SubmitButton({ busy, busyLabel, children, disabled, ...props }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={busy || disabled || !hydrated} {...props}>
      {busy ? busyLabel : children}
    </Button>
  );
}
