import type { Notification } from "@satsbank/shared";
import { useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { dateTimeText } from "@/lib/date-text";
import { NotificationDialog } from "./notification-dialog";
import { NotificationIcon, NotificationKindLabel } from "./notification-icon";

/**
 * One notification of the list: a button that opens it (and marks it read). Unread ones are highlighted,
 * with a dot and their title in bold, and say "Unread" to screen readers.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const unread = !notification.read;
  return (
    <li>
      <button
        ref={openerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-unread={unread || undefined}
        onClick={() => {
          setOpen(true);
          onOpen(notification);
        }}
        className={cn(
          "flex w-full items-start gap-3 rounded-xl px-3 py-3 text-left outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
          unread && "bg-primary/10 hover:bg-primary/15",
        )}
      >
        <NotificationIcon notification={notification} />
        <span className="min-w-0 flex-1">
          <span className="flex items-start gap-2">
            {unread && <span className="sr-only">Unread: </span>}
            <span
              className={cn("min-w-0 flex-1 text-sm break-words", unread ? "font-semibold" : "font-medium")}
            >
              {notification.title}
            </span>
            {unread && <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" />}
          </span>
          <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground break-words">
            {notification.message}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <time dateTime={notification.createdAt}>{dateTimeText(notification.createdAt)}</time>
            <NotificationKindLabel notification={notification} />
          </span>
        </span>
      </button>
      <NotificationDialog
        notification={notification}
        open={open}
        onOpenChange={setOpen}
        openerRef={openerRef}
      />
    </li>
  );
}
