import { useState } from "react";
import { useParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { useCustomerStatement } from "@/features/statements/api/get-customer-statement";
import { StatementView } from "@/features/statements/components/statement-view";
import { useStatementMonth } from "@/features/statements/lib/use-statement-month";
import { paths } from "@/lib/paths";
import { browserTimeZone } from "@/lib/statement-month";

/** Screen: a customer's monthly statement for staff (User Details > Statement), printable; each view is audited. */
export function AdminCustomerStatementScreen() {
  const { userId = "" } = useParams();
  const [month, setMonth] = useStatementMonth();
  const [timeZone] = useState(browserTimeZone);
  const statement = useCustomerStatement(userId, month, timeZone);
  return (
    <>
      <PageHeader title="Customer Statement" backTo={paths.admin} className="print:hidden" />
      <StatementView month={month} onMonthChange={setMonth} statement={statement} />
    </>
  );
}
