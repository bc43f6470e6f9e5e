import { type ComponentType, useState } from "react";
import { useSearchParams } from "react-router";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApprovalsTab } from "./approvals-tab";
import { AuditLogTab } from "./audit-log-tab";
import { BooksTab } from "./books-tab";
import { CustomersTab } from "./customers-tab";
import { KycReviewsTab } from "./kyc-reviews-tab";
import { SupportTab } from "./support-tab";
import { TransactionsTab } from "./transactions-tab";
import { VaultTab } from "./vault-tab";

/** The specification's two tabs, then the staff tools beyond it. */
const TABS = [
  { value: "customers", label: "Banking Customers", Panel: CustomersTab },
  { value: "transactions", label: "Transaction History", Panel: TransactionsTab },
  { value: "kyc", label: "KYC Reviews", Panel: KycReviewsTab },
  { value: "approvals", label: "Approvals", Panel: ApprovalsTab },
  { value: "support", label: "Support", Panel: SupportTab },
  { value: "books", label: "Books", Panel: BooksTab },
  { value: "vault", label: "Vault", Panel: VaultTab },
  { value: "audit", label: "Audit Log", Panel: AuditLogTab },
] as const satisfies readonly { value: string; label: string; Panel: ComponentType }[];

type TabValue = (typeof TABS)[number]["value"];

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/**
 * The dashboard's tabs. The open tab lives in the URL (`?tab=kyc`), so a reload or a shared link opens it;
 * a tab's panel loads when first opened and then stays mounted (hidden), keeping its search and filters.
 */
export function AdminTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get("tab");
  const active: TabValue = isTab(param) ? param : "customers";
  const [visited, setVisited] = useState<ReadonlySet<TabValue>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));

  function open(value: string) {
    if (!isTab(value)) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === "customers") next.delete("tab");
        else next.set("tab", value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Tabs value={active} onValueChange={open} className="min-w-0 gap-6">
      {/* Every tab in sight at every width: on a phone they wrap onto more rows (a sideways-scrolling row
          hid four of them with nothing to say so). */}
      <TabsList aria-label="Staff tools" className="flex w-full flex-wrap justify-start">
        {TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="grow whitespace-nowrap lg:flex-1">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map(({ value, Panel }) => (
        <TabsContent
          key={value}
          value={value}
          forceMount={visited.has(value) ? true : undefined}
          hidden={value !== active}
          className="min-w-0"
        >
          <Panel />
        </TabsContent>
      ))}
    </Tabs>
  );
}
