import { Button } from "@/components/ui/button";

export interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  total: number;
  /** What the rows are: "customers". */
  noun: string;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/** Offset pages: "Showing 21–40 of 45 customers", Previous and Next. */
export function Pagination({ page, pageSize, total, noun, onPage, disabled }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Showing ${first}–${last} of ${total} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={disabled || page <= 1}>
          Previous
        </Button>
        <span className="text-sm tabular-nums">{`Page ${page} of ${pages}`}</span>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPage(page + 1)}
          disabled={disabled || page >= pages}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
