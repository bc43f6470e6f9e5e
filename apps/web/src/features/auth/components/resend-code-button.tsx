import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";
import { useResendCode } from "../api/resend-code";

export interface ResendCodeButtonProps {
  challengeId: string;
  /** The sign-in ended (expired, used up, replaced): step 1 again, with the server's message. */
  onExpired: (message: string) => void;
  /** A new code is on its way: the form clears the old one. */
  onResent: () => void;
}

/**
 * "Resend code" under the emailed code: a new code for this sign-in (the last one stops working). What
 * happened is said beside it, in a live region: sent, or the server's refusal (a few per account).
 */
export function ResendCodeButton({ challengeId, onExpired, onResent }: ResendCodeButtonProps) {
  const resend = useResendCode();
  const failed = resend.isError ? errorMessage(resend.error) : null;
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      <p className="text-sm text-muted-foreground">
        Didn't get it?{" "}
        <Button
          variant="link"
          className="h-11 px-1"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(
              { challengeId },
              {
                onSuccess: onResent,
                onError: (error) => {
                  if (isApiError(error) && error.status === 401) onExpired(error.message);
                },
              },
            )
          }
        >
          {resend.isPending ? "Sending..." : "Resend code"}
        </Button>
      </p>
      <p role="status" className="text-sm">
        {resend.isSuccess && "We sent a new code to your email. The one before no longer works."}
        {failed !== null && <span className="font-medium text-destructive">{failed}</span>}
      </p>
    </div>
  );
}
