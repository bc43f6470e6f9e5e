import { type KycItem, kycMessages } from "@satsbank/shared";
import { House, IdCard, type LucideIcon, ShieldCheck } from "lucide-react";
import { useNavigate } from "react-router";
import { IconCircle } from "@/components/icon-circle";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { KycItemDialog } from "./kyc-item-dialog";
import { KycStatusBadge } from "./kyc-status-badge";

const ICONS = { identity: IdCard, address: House, enhanced: ShieldCheck } as const satisfies Record<
  KycItem["id"],
  LucideIcon
>;

/** Starting (Complete, Resubmit, Start Verification): the toast, then the item's own step of the flow. */
export function useStartVerification() {
  const navigate = useNavigate();
  return (itemId: KycItem["id"]) => {
    notify.success(kycMessages.verificationStarted);
    void navigate(paths.kyc[itemId]);
  };
}

function ItemAction({ item }: { item: KycItem }) {
  const start = useStartVerification();
  switch (item.status) {
    case "verified":
      return <KycItemDialog item={item} />;
    case "pending":
      return (
        <Button variant="outline" size="sm" disabled aria-label={`${item.title} pending`}>
          Pending
        </Button>
      );
    case "required":
      return (
        <Button size="sm" aria-label={`Complete ${item.title}`} onClick={() => start(item.id)}>
          Complete
        </Button>
      );
    case "rejected":
      return (
        <Button size="sm" aria-label={`Resubmit ${item.title}`} onClick={() => start(item.id)}>
          Resubmit
        </Button>
      );
  }
}

/** One verification item of the profile: what it is, its status, and what the customer can do about it. */
export function KycItemRow({ item }: { item: KycItem }) {
  return (
    <li className="flex items-center gap-4 p-4">
      <IconCircle icon={ICONS[item.id]} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="text-sm font-semibold">{item.title}</h2>
          <KycStatusBadge status={item.status} />
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">{item.description}</p>
      </div>
      <div className="shrink-0">
        <ItemAction item={item} />
      </div>
    </li>
  );
}
