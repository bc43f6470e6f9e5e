import { sendErrors } from "@satsbank/shared";
import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { WarningNotice } from "@/components/warning-notice";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { useResendVerificationEmail } from "../api/resend-verification-email";

/**
 * Shown where sending starts while the customer's email address is unconfirmed: sending needs the link
 * mailed at sign-up, and "Resend link" mails a new one (a few an hour).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useResendVerificationEmail();
  return (
    <WarningNotice role="status" icon={MailWarning}>
      <p className="font-medium">{sendErrors.emailNotVerified.text}</p>
      <p className="text-muted-foreground">We sent it to {email} when you signed up.</p>
      <Button
        variant="link"
        className="self-start"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) => notify.success("Link sent", message),
            onError: (error) => notify.error("Link not sent", errorMessage(error)),
          })
        }
      >
        {resend.isPending ? "Sending..." : "Resend link"}
      </Button>
    </WarningNotice>
  );
}
