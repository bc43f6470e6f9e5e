import type { KycOverview } from "@satsbank/shared";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { KycItemFacts } from "./kyc-item-facts";
import { KycItemRow, useStartVerification } from "./kyc-item-row";
import { KycStatusBadge } from "./kyc-status-badge";

const LEVEL_TEXT = [
  "Verify your identity and address to send Bitcoin. Receiving needs no verification.",
  "Your identity and address are verified. Enhanced verification raises your daily sending limit.",
  "You are fully verified.",
] as const;

function OverviewTab({ overview }: { overview: KycOverview }) {
  const start = useStartVerification();
  const notStarted = overview.items.every((item) => item.id === "enhanced" || item.status === "required");
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-2xl border bg-accent p-4">
        <p className="text-sm font-semibold">{`Verification level ${overview.level} of 2`}</p>
        <p className="text-sm">{LEVEL_TEXT[overview.level] ?? LEVEL_TEXT[0]}</p>
        {overview.level === 0 && notStarted && (
          <Button className="self-start" onClick={() => start("identity")}>
            Start Verification
          </Button>
        )}
      </div>
      <ul className="divide-y rounded-2xl border bg-card shadow-sm">
        {overview.items.map((item) => (
          <KycItemRow key={item.id} item={item} />
        ))}
      </ul>
    </div>
  );
}

function DetailsTab({ overview }: { overview: KycOverview }) {
  return (
    <ul className="divide-y rounded-2xl border bg-card shadow-sm">
      {overview.items.map((item) => (
        <li key={item.id} className="flex flex-col gap-3 p-4">
          <div className="flex items-center gap-2">
            <h2 className="text-sm font-semibold">{item.title}</h2>
            <KycStatusBadge status={item.status} />
          </div>
          <KycItemFacts item={item} showStatus={false} />
        </li>
      ))}
    </ul>
  );
}

/** The profile's KYC & Verification: the items and their actions, and each item's details, in two tabs. */
export function KycVerification({ overview }: { overview: KycOverview }) {
  return (
    <Tabs defaultValue="overview">
      <TabsList aria-label="KYC & Verification">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="details">Verification Details</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab overview={overview} />
      </TabsContent>
      <TabsContent value="details">
        <DetailsTab overview={overview} />
      </TabsContent>
    </Tabs>
  );
}
