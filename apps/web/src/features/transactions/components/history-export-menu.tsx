import type { HistoryFilter } from "@satsbank/shared";
import { CalendarDays, Download, FileBraces, FileSpreadsheet } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { paths } from "@/lib/paths";
import { browserTimeZone, historyExportHref } from "../api/export-history";

export interface HistoryExportMenuProps {
  /** The history as the screen shows it: the file holds the same rows. */
  filter: HistoryFilter;
  q: string;
}

/**
 * History's "Export" button and its menu: the shown history as a CSV or JSON file (dates in the browser's
 * time zone), each a plain download link, and the monthly statement.
 */
export function HistoryExportMenu({ filter, q }: HistoryExportMenuProps) {
  const timeZone = browserTimeZone();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label="Export transactions" className="max-sm:w-11 max-sm:px-0">
          <Download aria-hidden="true" />
          <span className="max-sm:sr-only">Export</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Download the list shown</DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <a href={historyExportHref({ filter, q, format: "csv", timeZone })} download>
            <FileSpreadsheet aria-hidden="true" />
            CSV (spreadsheet)
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={historyExportHref({ filter, q, format: "json", timeZone })} download>
            <FileBraces aria-hidden="true" />
            JSON
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.statement}>
            <CalendarDays aria-hidden="true" />
            Monthly statement
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
