import type { LucideIcon } from "lucide-react";
import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export interface WarningNoticeProps extends HTMLAttributes<HTMLElement> {
  icon: LucideIcon;
  /** `section` for a notice named by its own heading (`aria-labelledby`); a `div` otherwise. */
  as?: "div" | "section";
}

/** Something the customer must do before they can go on: an amber box, its icon, its lines stacked. */
export function WarningNotice({
  icon: Icon,
  as: Tag = "div",
  className,
  children,
  ...props
}: WarningNoticeProps) {
  return (
    <Tag
      className={cn(
        "flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm",
        className,
      )}
      {...props}
    >
      <Icon className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex flex-col gap-1">{children}</div>
    </Tag>
  );
}
