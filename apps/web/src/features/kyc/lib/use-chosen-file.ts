import type { KycDocument, KycDocumentKind } from "@satsbank/shared";
import { useState } from "react";
import { fileProblem } from "./file-problem";

/** A step's file: one picked on this device and not sent yet, or one the server holds as the step's draft. */
export type ChosenFile = { source: "local"; file: File } | { source: "uploaded"; document: KycDocument };

/**
 * The file of one upload control and its problem. It starts from the step's draft (a file uploaded
 * before, so the flow goes on where it stopped); a file the browser can already tell is wrong (over 5MB,
 * another type) is refused at once, without an upload; `refuse` says the server's refusal in place.
 */
export function useChosenFile(kind: KycDocumentKind, draft: KycDocument | null) {
  const [chosen, setChosen] = useState<ChosenFile | null>(
    draft ? { source: "uploaded", document: draft } : null,
  );
  const [error, setError] = useState<string | undefined>();

  function choose(file: File) {
    const problem = fileProblem(file, kind);
    setChosen(problem ? null : { source: "local", file });
    setError(problem ?? undefined);
  }

  /** Replace: the control is empty again, ready for another file. */
  function clear() {
    setChosen(null);
    setError(undefined);
  }

  /** The server refused the file: it is dropped and the message stays under the control. */
  function refuse(message: string) {
    setChosen(null);
    setError(message);
  }

  function uploaded(document: KycDocument) {
    setChosen({ source: "uploaded", document });
  }

  return { chosen, error, choose, clear, refuse, uploaded };
}

/** What an upload control needs of a step's file. */
export type ChosenFileState = Pick<ReturnType<typeof useChosenFile>, "chosen" | "error" | "choose" | "clear">;

/** The draft the step can go on with (no upload), if the chosen file is one. */
export function uploadedDocument(chosen: ChosenFile | null): KycDocument | null {
  return chosen?.source === "uploaded" ? chosen.document : null;
}
