import { Download, KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { WarningNotice } from "@/components/warning-notice";
import { copyText } from "@/lib/clipboard";
import { notify } from "@/lib/notify";

const FILE_NAME = "recovery-codes.txt";

/**
 * The account's new recovery codes, shown this once (only keyed hashes are kept): a list to write down, a
 * copy and a download, and the button that says they are saved.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="flex flex-col gap-4">
      <WarningNotice icon={KeyRound}>
        <p className="font-medium">Save your recovery codes now</p>
        <p>
          They are shown only this once. If you lose your authenticator app, each code signs you in once: keep
          them somewhere safe, away from your phone.
        </p>
      </WarningNotice>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-xl border bg-muted px-4 py-3 font-mono text-sm select-all"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={async () => {
            if (await copyText(text)) notify.success("Recovery codes copied");
          }}
        >
          Copy codes
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download={FILE_NAME}>
            <Download aria-hidden="true" />
            Download codes
          </a>
        </Button>
      </div>
      <DialogFooter className="pt-2">
        <Button onClick={onDone}>I've saved my codes</Button>
      </DialogFooter>
    </div>
  );
}
