import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export interface PageHeaderProps {
  /** The page's one <h1>. */
  title: ReactNode;
  description?: ReactNode;
  /** Shows a back button linking here. */
  backTo?: string;
  /** Controls at the end of the header (a theme toggle, a menu). */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, description, backTo, actions, className }: PageHeaderProps) {
  return (
    <header className={cn("mb-6 flex items-center gap-3", className)}>
      {backTo && (
        <Button asChild variant="ghost" size="icon" className="-ml-2.5">
          <Link to={backTo} aria-label="Back">
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
        </Button>
      )}
      <div className="min-w-0 flex-1">
        <h1 tabIndex={-1} className="outline-none text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </header>
  );
}
