import { type HistoryFilter, historyFilterLabels, historyFilterSchema } from "@satsbank/shared";
import { ListFilter } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

export interface HistoryFilterMenuProps {
  value: HistoryFilter;
  onChange: (filter: HistoryFilter) => void;
}

/** The filter button and its menu: All Transactions, Sent, Received (one checked). */
export function HistoryFilterMenu({ value, onChange }: HistoryFilterMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" aria-label="Filter transactions">
          <ListFilter aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Show</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(next) => {
            const parsed = historyFilterSchema.safeParse(next);
            if (parsed.success) onChange(parsed.data);
          }}
        >
          {historyFilterSchema.options.map((filter) => (
            <DropdownMenuRadioItem key={filter} value={filter}>
              {historyFilterLabels[filter]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
