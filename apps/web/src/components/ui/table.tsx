import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export interface TableProps extends ComponentProps<"table"> {
  /** Names the sideways-scrolling container (a region) and puts it in the tab order, to scroll by key. */
  scrollLabel?: string;
}

/** A real <table>, scrolling sideways inside its container on a narrow screen. */
export function Table({ className, scrollLabel, ...props }: TableProps) {
  const scrollArea = scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {};
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      {...scrollArea}
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn("border-b transition-colors hover:bg-muted/50", className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-semibold whitespace-nowrap text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
      className={cn("px-3 py-2.5 align-middle whitespace-nowrap", className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("mt-3 text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
