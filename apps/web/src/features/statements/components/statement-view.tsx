import type { Statement } from "@satsbank/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { MonthPicker } from "@/components/month-picker";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { StatementDocument } from "./statement-document";

export interface StatementViewProps {
  month: string;
  onMonthChange: (month: string) => void;
  /** The statement of `month`: the customer's own, or a customer's for staff. */
  statement: UseQueryResult<Statement>;
}

/**
 * The month picker, Print, and the statement of the chosen month. The picker and the button are not
 * printed: the page prints as the statement alone.
 */
export function StatementView({ month, onMonthChange, statement }: StatementViewProps) {
  const refused = statement.isError && isApiError(statement.error) && statement.error.status === 400;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <MonthPicker label="Month" value={month} onChange={onMonthChange} />
        <Button variant="outline" onClick={() => window.print()} disabled={!statement.isSuccess}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      {statement.isPending && <Spinner label="Loading the statement" />}
      {statement.isError &&
        (refused ? (
          <p role="alert" className="text-sm">
            {statement.error.message}
          </p>
        ) : (
          <LoadError message="The statement could not be loaded." onRetry={() => void statement.refetch()} />
        ))}
      {statement.isSuccess && <StatementDocument statement={statement.data} />}
    </div>
  );
}
