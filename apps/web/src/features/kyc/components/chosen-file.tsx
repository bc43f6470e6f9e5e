import { apiPaths } from "@satsbank/shared";
import { FileText } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { fileSizeText } from "@/lib/file-size";
import type { ChosenFile as Chosen } from "../lib/use-chosen-file";
import { useObjectUrl } from "../lib/use-object-url";

export interface ChosenFileProps {
  chosen: Chosen;
  /** "Replace", or "Take new selfie". */
  replaceLabel: string;
  onReplace: () => void;
  disabled?: boolean;
}

function describe(chosen: Chosen) {
  if (chosen.source === "local") {
    const { file } = chosen;
    return { name: file.name, size: file.size, image: file.type.startsWith("image/"), uploaded: false };
  }
  const { document } = chosen;
  return {
    name: document.fileName,
    size: document.sizeBytes,
    image: document.format !== "pdf",
    uploaded: true,
  };
}

/**
 * The file an upload control holds: its name and size, a preview when it is an image (a picked file from
 * memory, an uploaded one from the server), and Replace to clear it.
 */
export function ChosenFile({ chosen, replaceLabel, onReplace, disabled }: ChosenFileProps) {
  const { name, size, image, uploaded } = describe(chosen);
  const localUrl = useObjectUrl(chosen.source === "local" && image ? chosen.file : null);
  const src =
    chosen.source === "local" ? localUrl : image ? apiPaths.kyc.document(chosen.document.id) : undefined;
  // A file that claims to be an image but is not one shows the file icon, not a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className="flex items-center gap-3 rounded-2xl border bg-card p-3 shadow-xs">
      {src && failed !== src ? (
        <img
          src={src}
          alt={`Preview of ${name}`}
          onError={() => setFailed(src)}
          className="size-16 shrink-0 rounded-lg bg-muted object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-accent text-brand"
        >
          <FileText className="size-7" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-all">{name}</p>
        <p className="text-xs text-muted-foreground">
          {fileSizeText(size)}
          {uploaded && " · Uploaded"}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onReplace} disabled={disabled}>
        {replaceLabel}
      </Button>
    </div>
  );
}
