import { statementMonthSchema } from "@satsbank/shared";
import { useSearchParams } from "react-router";
import { lastCompleteMonth } from "@/lib/statement-month";

/** The statement's month from `?month=` (the last complete month when it names none), and how to change it. */
export function useStatementMonth(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = statementMonthSchema.safeParse(params.get("month"));
  const month = asked.success ? asked.data : lastCompleteMonth();
  const choose = (chosen: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("month", chosen);
        return next;
      },
      { replace: true },
    );
  return [month, choose];
}
