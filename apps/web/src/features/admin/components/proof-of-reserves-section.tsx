import { apiPaths, type EpochSummary } from "@satsbank/shared";
import { Download } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { errorMessage } from "@/lib/form-errors";
import { btcText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { useBuildProofEpoch } from "../api/build-proof-epoch";
import { useProofEpochs } from "../api/list-proof-epochs";
import { adminTimeText } from "../lib/admin-time";
import { NO_RESERVES_PROOF, reservesStatusText } from "../lib/reserves-text";
import { DetailsSection } from "./details-section";
import { ReservesUploadDialog } from "./reserves-upload-dialog";
import { StatusPill } from "./status-pill";

/** The epochs shown: the latest ones (one a day, and staff's). */
const LATEST = 5;

const TONES = {
  awaiting_signatures: "warning",
  covered: "success",
  failing: "danger",
} as const satisfies Record<NonNullable<EpochSummary["reserves"]>, "warning" | "success" | "danger">;

function BuildEpochButton() {
  const build = useBuildProofEpoch();
  const onClick = async () => {
    try {
      const epoch = await build.mutateAsync();
      const waiting = epoch.reserves === "awaiting_signatures";
      notify.success(
        `Epoch ${epoch.epoch} built`,
        `Liabilities of ${btcText(BigInt(epoch.total))} at block ${epoch.blockHeight.toLocaleString("en-US")}.${waiting ? " Its reserves proof waits for two vault key holders' signatures: download its PSBT for them." : ""}`,
      );
    } catch (error) {
      notify.error("Epoch not built", errorMessage(error));
    }
  };
  return (
    <Button size="sm" onClick={() => void onClick()} disabled={build.isPending}>
      {build.isPending ? "Building..." : "Build epoch now"}
    </Button>
  );
}

/** While the vault's key holders have not both signed: its PSBT to download, and a signed one to upload. */
function SigningActions({ epoch }: { epoch: number }) {
  const psbtUrl = apiPaths.adminProof.reservesPsbt(epoch);
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={psbtUrl} download>
          <Download aria-hidden="true" />
          Download PSBT
          <span className="sr-only">{` of epoch ${epoch}`}</span>
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={`${psbtUrl}?format=base64`} download>
          <Download aria-hidden="true" />
          As text (base64)
          <span className="sr-only">{` of epoch ${epoch}`}</span>
        </a>
      </Button>
      <ReservesUploadDialog epoch={epoch} />
    </div>
  );
}

function EpochsTable({ epochs }: { epochs: readonly EpochSummary[] }) {
  return (
    <Table scrollLabel="Proof of reserves table">
      <TableCaption className="sr-only">The latest proof-of-reserves epochs, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Epoch</TableHead>
          <TableHead scope="col">Built</TableHead>
          <TableHead scope="col" className="text-right">
            Block
          </TableHead>
          <TableHead scope="col" className="text-right">
            Liabilities
          </TableHead>
          <TableHead scope="col">Reserves</TableHead>
          <TableHead scope="col">Signing</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {epochs.map((epoch) => (
          <TableRow key={epoch.epoch}>
            <TableCell className="font-medium tabular-nums">{epoch.epoch}</TableCell>
            <TableCell>
              <time dateTime={epoch.builtAt}>{adminTimeText(epoch.builtAt)}</time>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {epoch.blockHeight.toLocaleString("en-US")}
            </TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {btcText(BigInt(epoch.total))}
            </TableCell>
            <TableCell>
              {epoch.reserves ? (
                <StatusPill tone={TONES[epoch.reserves]}>{reservesStatusText[epoch.reserves]}</StatusPill>
              ) : (
                <StatusPill>{NO_RESERVES_PROOF}</StatusPill>
              )}
            </TableCell>
            <TableCell>
              {epoch.reserves === "awaiting_signatures" ? (
                <SigningActions epoch={epoch.epoch} />
              ) : (
                "None needed"
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Proof of reserves (issue 23): the latest epochs as customers see them published (block, liabilities, the
 * reserves proof's status), Build epoch now, and while the vault's coins wait for two key holders, the
 * reserves proof's PSBT to download and each signed one to upload, as a refill's.
 */
export function ProofOfReservesSection() {
  const epochs = useProofEpochs();
  return (
    <DetailsSection level={2} title="Proof of reserves" actions={<BuildEpochButton />}>
      <p className="text-sm text-muted-foreground">
        Each epoch freezes every customer balance and proves the bank's coins on the chain cover them. The hot
        wallet's coins are signed at once; the vault's need two of its three key holders.
      </p>
      {epochs.isPending ? (
        <Spinner label="Loading the epochs" />
      ) : epochs.isError ? (
        <LoadError message="The epochs could not be loaded." onRetry={() => void epochs.refetch()} />
      ) : epochs.data.epochs.length === 0 ? (
        <EmptyState>No epochs yet</EmptyState>
      ) : (
        <EpochsTable epochs={epochs.data.epochs.slice(0, LATEST)} />
      )}
    </DetailsSection>
  );
}
