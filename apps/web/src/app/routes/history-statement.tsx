import { useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { useStatement } from "@/features/statements/api/get-statement";
import { StatementView } from "@/features/statements/components/statement-view";
import { useStatementMonth } from "@/features/statements/lib/use-statement-month";
import { paths } from "@/lib/paths";
import { browserTimeZone } from "@/lib/statement-month";

/** Screen: the customer's monthly statement, printable (the app's navigation is not printed). */
export function HistoryStatementScreen() {
  const [month, setMonth] = useStatementMonth();
  const [timeZone] = useState(browserTimeZone);
  const statement = useStatement(month, timeZone);
  return (
    <>
      <PageHeader title="Monthly Statement" backTo={paths.history} className="print:hidden" />
      <StatementView month={month} onMonthChange={setMonth} statement={statement} />
    </>
  );
}
