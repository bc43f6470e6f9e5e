import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/** A titled part of User Details, a review or the books. */
export function DetailsSection({
  title,
  label,
  level = 3,
  actions,
  children,
  className,
}: {
  title: string;
  /**
   * The section's accessible name when the title repeats on the page (each review card has its own
   * "Documents"): landmarks must be told apart. The title by default.
   */
  label?: string;
  /** The heading's level: 3 under a dialog's or a card's title, 2 directly in a tab. */
  level?: 2 | 3;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      {...(label === undefined ? { "aria-labelledby": id } : { "aria-label": label })}
      className={cn("flex min-w-0 flex-col gap-3", className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={id} className={level === 2 ? "text-lg font-semibold" : "text-base font-semibold"}>
          {title}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** One fact of a description list: a term and its value. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}
