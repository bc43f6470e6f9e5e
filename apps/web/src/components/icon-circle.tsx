import type { LucideIcon } from "lucide-react";

/** A row's icon in a round brand-coloured circle, before its title. Decoration: screen readers skip it. */
export function IconCircle({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-brand"
    >
      <Icon className="size-5" />
    </span>
  );
}
