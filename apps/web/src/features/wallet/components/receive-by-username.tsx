import { DEFAULT_BRAND_NAME } from "@satsbank/shared";
import { AtSign } from "lucide-react";
import { CopyButton } from "@/components/copy-button";
import { useBrandName } from "@/lib/api/meta";

/**
 * The other way in: another customer of the bank can send to the username. Shown without an "@", as the
 * send form's Recipient field takes it.
 */
export function ReceiveByUsername({ username }: { username: string }) {
  const brandName = useBrandName() ?? DEFAULT_BRAND_NAME;
  return (
    <div className="flex items-center gap-3 rounded-2xl border px-4 py-3">
      <AtSign aria-hidden="true" className="size-5 shrink-0 text-brand" />
      <p className="min-w-0 flex-1 text-sm text-muted-foreground">
        {`Another ${brandName} customer can send to your username, `}
        {/* Kept on one line (20 characters at most): break-all cut "maximili" from "ana_rv2025". */}
        <span className="font-semibold whitespace-nowrap text-foreground">{username}</span>
        {": it arrives at once, with no network fee."}
      </p>
      <CopyButton value={username} label="Copy username" copiedTitle="Username copied" />
    </div>
  );
}
