import type { Notification } from "@satsbank/shared";
import { cn } from "@/lib/cn";
import { statusLooks, typeLooks } from "../lib/notification-look";

/** The notification's type icon, in a circle tinted with its status's colour. */
export function NotificationIcon({
  notification,
  className,
}: {
  notification: Pick<Notification, "type" | "status">;
  className?: string;
}) {
  const { icon: Icon } = typeLooks[notification.type];
  const status = statusLooks[notification.status];
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full",
        status.tint,
        status.text,
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** "Transaction · Success": the type's word and the status's icon and word. */
export function NotificationKindLabel({
  notification,
  className,
}: {
  notification: Pick<Notification, "type" | "status">;
  className?: string;
}) {
  const status = statusLooks[notification.status];
  const StatusIcon = status.icon;
  return (
    <span className={cn("inline-flex items-center gap-1", className)}>
      <span>{typeLooks[notification.type].label}</span>
      <span aria-hidden="true">·</span>
      <StatusIcon className={cn("size-3.5", status.text)} aria-hidden="true" />
      <span>{status.label}</span>
    </span>
  );
}
