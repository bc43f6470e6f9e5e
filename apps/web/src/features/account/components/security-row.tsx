import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";

export interface SecurityRowProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The row's control; it gets the ids of the row's title and description to label itself with. */
  children: (ids: { titleId: string; descriptionId: string }) => ReactNode;
}

/** One row of Security Settings: icon, title, description and a control at the end. */
export function SecurityRow({ icon: Icon, title, description, children }: SecurityRowProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center gap-4 p-4">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-brand"
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <div className="shrink-0">{children({ titleId, descriptionId })}</div>
    </li>
  );
}
