import { ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { MonthPicker } from "@/components/month-picker";
import { Button } from "@/components/ui/button";
import { adminCustomerStatementPath } from "@/lib/paths";
import { lastCompleteMonth, monthTitle } from "@/lib/statement-month";
import { DetailsSection } from "./details-section";

/**
 * User Details > Statement: a month (the last complete one unless chosen) and a link that opens the
 * customer's printable statement of it in a new tab, so the details stay open. Each opening is audited.
 */
export function UserDetailsStatement({ userId }: { userId: string }) {
  const [month, setMonth] = useState(lastCompleteMonth);
  return (
    <DetailsSection title="Statement">
      <div className="flex flex-wrap items-end gap-3">
        <MonthPicker label="Statement month" value={month} onChange={setMonth} />
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
