import { statementMonthSchema } from "@satsbank/shared";
import { ExternalLink } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { adminCustomerStatementPath } from "@/lib/paths";
import { currentMonth, lastCompleteMonth, monthTitle } from "@/lib/statement-month";
import { DetailsSection } from "./details-section";

/**
 * User Details > Statement: a month (the last complete one unless chosen) and a link that opens the
 * customer's printable statement of it in a new tab, so the details stay open. Each opening is audited.
 */
export function UserDetailsStatement({ userId }: { userId: string }) {
  const pickerId = useId();
  const [month, setMonth] = useState(lastCompleteMonth);
  return (
    <DetailsSection title="Statement">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor={pickerId}>Statement month</Label>
          <Input
            id={pickerId}
            type="month"
            className="w-48"
            value={month}
            max={currentMonth()}
            onChange={(event) => {
              const chosen = event.target.value;
              if (statementMonthSchema.safeParse(chosen).success) setMonth(chosen);
            }}
          />
        </div>
        <Button asChild variant="outline">
          <Link to={adminCustomerStatementPath(userId, month)} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            Open statement
            <span className="sr-only">of {monthTitle(month)} (opens in a new tab)</span>
          </Link>
        </Button>
      </div>
    </DetailsSection>
  );
}
