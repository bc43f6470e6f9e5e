import { type Statement, statementMonthSchema } from "@satsbank/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { useId } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { currentMonth } from "@/lib/statement-month";
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
  const pickerId = useId();
  const refused = statement.isError && isApiError(statement.error) && statement.error.status === 400;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="flex flex-col gap-2">
          <Label htmlFor={pickerId}>Month</Label>
          <Input
            id={pickerId}
            type="month"
            className="w-48"
            value={month}
            max={currentMonth()}
            onChange={(event) => {
              const chosen = event.target.value;
              if (statementMonthSchema.safeParse(chosen).success) onMonthChange(chosen);
            }}
          />
        </div>
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
