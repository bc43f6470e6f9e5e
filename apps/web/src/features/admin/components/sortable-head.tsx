import type { SortOrder } from "@satsbank/shared";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { TableHead } from "@/components/ui/table";
import { cn } from "@/lib/cn";

export interface SortableHeadProps {
  children: ReactNode;
  /** This column's order when the table is sorted by it, else null. */
  order: SortOrder | null;
  onSort: () => void;
  className?: string;
}

/**
 * A column header that sorts: the header carries `aria-sort` (only on the sorted column), the button
 * inside it changes the order. The arrow repeats what `aria-sort` says, for the eye.
 */
export function SortableHead({ children, order, onSort, className }: SortableHeadProps) {
  const Icon = order === "asc" ? ArrowUp : order === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead
      scope="col"
      aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined}
      className={cn("px-1.5", className)}
    >
      <button
        type="button"
        onClick={onSort}
        className={cn(
          "inline-flex h-8 items-center gap-1 rounded-md px-1.5 font-semibold outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
          order && "text-foreground",
        )}
      >
        {children}
        <Icon className={cn("size-3.5", !order && "opacity-50")} aria-hidden="true" />
      </button>
    </TableHead>
  );
}
