import { type AdminSupportRequest, supportStatusLabels } from "@satsbank/shared";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { useCloseSupportRequest } from "../api/close-support-request";
import { adminTimeText } from "../lib/admin-time";
import { StatusPill } from "./status-pill";
import { SupportReplyForm } from "./support-reply-form";

const TONES = { open: "warning", answered: "success", closed: "neutral" } as const;

/**
 * A request from the public contact form: its writer was not signed in, so the email typed is not proven
 * to be theirs; staff see the name typed and whether an account has that email.
 */
function ContactFormNote({ request }: { request: AdminSupportRequest }) {
  return (
    <p className="mt-1 text-xs text-muted-foreground">
      {`Contact form, signed out: the sender typed the name "${request.name ?? ""}" and this email, which is not proven to be theirs. `}
      {request.customer === null
        ? "No account has this email."
        : `The account with this email is ${request.customer.name} (@${request.customer.username}).`}
    </p>
  );
}

/** One support request: the customer's message, the replies so far, a reply form and Close. */
export function SupportRequestCard({ request }: { request: AdminSupportRequest }) {
  const titleId = useId();
  const close = useCloseSupportRequest();
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words">
            {request.subject}
          </h2>
          <p className="text-sm text-muted-foreground">
            {`${request.customer?.name ?? request.name ?? ""} · ${request.email} · `}
            <time dateTime={request.createdAt}>{adminTimeText(request.createdAt)}</time>
          </p>
          {request.source === "contact_form" && <ContactFormNote request={request} />}
        </div>
        <StatusPill tone={TONES[request.status]}>{supportStatusLabels[request.status]}</StatusPill>
      </header>
      <p className="text-sm break-words whitespace-pre-wrap">{request.message}</p>
      {request.replies.length > 0 && (
        <ol aria-label="Replies" className="flex flex-col gap-3">
          {request.replies.map((reply) => (
            <li key={reply.id} className="rounded-xl border-l-4 border-brand bg-muted px-4 py-3">
              <p className="text-xs text-muted-foreground">
                {`${reply.staff.name} replied · `}
                <time dateTime={reply.createdAt}>{adminTimeText(reply.createdAt)}</time>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-wrap">{reply.message}</p>
            </li>
          ))}
        </ol>
      )}
      {request.status !== "closed" && (
        <div className="flex flex-col gap-3">
          <SupportReplyForm request={request} />
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={close.isPending}
              onClick={() =>
                // Not mutate's callbacks: a closed request leaves the list when it is asked again, and
                // React Query skips the callbacks of a card that unmounted first.
                void close.mutateAsync(request.id).then(
                  () => notify.success("Request closed"),
                  (error: unknown) => notify.error("The request could not be closed", errorMessage(error)),
                )
              }
            >
              {close.isPending ? "Closing..." : "Close request"}
              <span className="sr-only">{`: ${request.subject}`}</span>
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
