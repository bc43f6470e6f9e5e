import type { Notification } from "@satsbank/shared";
import type { RefObject } from "react";
import { CloseDialogFooter } from "@/components/close-dialog-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { dateTimeText } from "@/lib/date-text";
import { NotificationIcon, NotificationKindLabel } from "./notification-icon";

/**
 * A notification opened: its whole message (a staff message keeps its lines), when, type and status. On
 * close the focus goes back to the list's button that opened it (`openerRef`): the dialog has no trigger
 * of its own, so Radix would otherwise leave the focus at the page's start.
 */
export function NotificationDialog({
  notification,
  open,
  onOpenChange,
  openerRef,
}: {
  notification: Notification;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  openerRef: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          openerRef.current?.focus();
        }}
      >
        <DialogHeader className="flex-row items-center gap-3 pr-0">
          <NotificationIcon notification={notification} />
          <div className="min-w-0">
            <DialogTitle className="break-words">{notification.title}</DialogTitle>
            <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
              <time dateTime={notification.createdAt}>{dateTimeText(notification.createdAt)}</time>
              <NotificationKindLabel notification={notification} />
            </p>
          </div>
        </DialogHeader>
        <DialogDescription className="text-sm whitespace-pre-line break-words text-foreground">
          {notification.message}
        </DialogDescription>
        <CloseDialogFooter />
      </DialogContent>
    </Dialog>
  );
}
