import type { VaultOverview } from "@satsbank/shared";
import { CopyButton } from "@/components/copy-button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { CopyableText } from "./copyable-text";
import { DetailsSection } from "./details-section";

type Configured = Extract<VaultOverview, { configured: true }>;

/** The vault's output descriptor (public keys only) and its three keys, as a key holder's wallet shows them. */
export function VaultDescriptor({ descriptor, keys }: Pick<Configured, "descriptor" | "keys">) {
  return (
    <DetailsSection level={2} title="Descriptor and keys">
      <p className="text-sm text-muted-foreground">
        A 2-of-3 multisig: two of the three key holders sign every refill with their own wallets. The server
        knows only the public keys.
      </p>
      <div className="flex items-start gap-2 rounded-xl border bg-card p-3">
        <code className="min-w-0 flex-1 font-mono text-xs break-all">{descriptor}</code>
        <CopyButton value={descriptor} label="Copy descriptor" copiedTitle="Descriptor copied" />
      </div>
      <Table scrollLabel="Vault keys table">
        <TableCaption className="sr-only">The vault's keys</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Key</TableHead>
            <TableHead scope="col">Fingerprint</TableHead>
            <TableHead scope="col">Path</TableHead>
            <TableHead scope="col">Extended public key</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.number}>
              <TableHead scope="row" className="h-auto py-2.5 text-sm font-medium text-foreground">
                {`Key ${key.number}`}
              </TableHead>
              <TableCell className="font-mono text-xs">{key.fingerprint}</TableCell>
              <TableCell className="font-mono text-xs">{key.path}</TableCell>
              <TableCell>
                <CopyableText value={key.xpub} noun="extended public key" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </DetailsSection>
  );
}
