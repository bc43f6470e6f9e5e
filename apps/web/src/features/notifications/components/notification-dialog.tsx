import type { Notification } from "@satsbank/shared";
import { CloseDialogFooter } from "@/components/close-dialog-footer";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { dateTimeText } from "@/lib/date-text";
import { NotificationIcon, NotificationKindLabel } from "./notification-icon";

/** A notification opened: its whole message (a staff message keeps its lines), when, type and status. */
export function NotificationDialog({
  notification,
  open,
  onOpenChange,
}: {
  notification: Notification;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false}>
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
