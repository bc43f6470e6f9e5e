import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { IconCircle } from "./icon-circle";

export interface SettingsRowProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The row's control; it gets the ids of the row's title and description to label itself with. */
  children: (ids: { titleId: string; descriptionId: string }) => ReactNode;
}

/** One row of a settings list (Security, Notification Settings): icon, title, description, a control at the end. */
export function SettingsRow({ icon, title, description, children }: SettingsRowProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center gap-4 p-4">
      <IconCircle icon={icon} />
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
