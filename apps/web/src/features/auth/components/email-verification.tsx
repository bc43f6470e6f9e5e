import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/form-errors";
import { paths } from "@/lib/paths";
import { useMe } from "../api/get-me";
import { useVerifyEmail } from "../api/verify-email";

const MISSING_TOKEN = "This link is incomplete. Open the whole link from the email.";

/**
 * Confirms the token of a mailed verification link as soon as the page opens, and says how it went.
 * Signed in or not (the link may open on another device); what to do next depends on which.
 */
export function EmailVerification({ token }: { token: string | null }) {
  const { mutate, data, error, isError } = useVerifyEmail();
  const { data: user } = useMe();
  // Once per page: StrictMode runs effects twice, and a second request would answer "already verified".
  const sent = useRef(false);
  useEffect(() => {
    if (token === null || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  const next = user ? (
    <Button asChild size="lg">
      <Link to={data ? paths.dashboard : paths.wallet.send}>
        {data ? "Go to dashboard" : "Ask for a new link"}
      </Link>
    </Button>
  ) : (
    <Button asChild size="lg">
      <Link to={paths.auth.login}>Sign in</Link>
    </Button>
  );

  if (token === null || isError) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert>{token === null ? MISSING_TOKEN : errorMessage(error)}</FormAlert>
        {next}
      </div>
    );
  }
  if (!data) return <Spinner label="Confirming your email address" />;
  return (
    <div className="flex flex-col gap-5">
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm font-medium"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <p>{data.message}</p>
      </div>
      {next}
    </div>
  );
}
