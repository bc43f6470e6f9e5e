import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** While the session loads: a small spinner, never a guess at what the page will hold. */
export function SessionLoading() {
  return (
    <div className="flex min-h-window items-center justify-center">
      <Spinner label="Checking your session" />
    </div>
  );
}

/** The session could not be checked (the server is unreachable or failing): say so and offer a retry. */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex min-h-window flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <p className="text-sm text-muted-foreground">We could not reach the bank. Check your connection.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
