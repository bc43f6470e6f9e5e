import {
  type DocumentType,
  type KycDocument,
  type KycOverview,
  type KycSubmissionBody,
  kycDocumentKindSchema,
} from "@satsbank/shared";
import { kycDocument, kycOverview, kycSubmission } from "./fixtures";
import type { StubHandler } from "./stub-api";

const FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "application/pdf": "pdf" } as const;

function formatOf(file: File): KycDocument["format"] {
  return FORMATS[file.type as keyof typeof FORMATS] ?? "png";
}

/**
 * The KYC endpoints as the server keeps them, for tests of the flow: an upload becomes its kind's draft,
 * a basic submission is pending with the drafts it took, and `GET /api/kyc` answers what is stored now.
 * `refuseUpload` makes the next upload answer the given response instead.
 */
export function kycServer(initial: Partial<KycOverview> = {}) {
  let overview = kycOverview(initial);
  let refusal: Response | null = null;

  const routes: Record<string, StubHandler> = {
    "GET /api/kyc": () => overview,
    "POST /api/kyc/documents": ({ body }) => {
      if (refusal) {
        const answer = refusal;
        refusal = null;
        return answer;
      }
      const form = body as FormData;
      const kind = kycDocumentKindSchema.parse(form.get("kind"));
      const file = form.get("file") as File;
      const document = kycDocument(kind, {
        fileName: file.name,
        sizeBytes: file.size,
        format: formatOf(file),
        documentType: (form.get("documentType") as DocumentType | null) ?? null,
        documentDate: (form.get("documentDate") as string | null) ?? null,
      });
      overview = { ...overview, drafts: { ...overview.drafts, [kind]: document } };
      return Response.json({ document }, { status: 201 });
    },
    "POST /api/kyc/submissions": ({ body }) => {
      const { level } = body as KycSubmissionBody;
      const submission = kycSubmission({ level });
      overview =
        level === "basic"
          ? {
              ...overview,
              basic: submission,
              resume: "status",
              drafts: { ...overview.drafts, identity: null, address: null, selfie: null },
            }
          : { ...overview, enhanced: submission, drafts: { ...overview.drafts, source_of_funds: null } };
      return Response.json({ submission }, { status: 201 });
    },
  };

  return {
    routes,
    get overview() {
      return overview;
    },
    /** The server's state changes elsewhere (a reviewer decides). */
    update(change: Partial<KycOverview>) {
      overview = { ...overview, ...change };
    },
    refuseUpload(answer: Response) {
      refusal = answer;
    },
  };
}

/** A file the person picks: `size` bytes claimed (nothing that large is allocated). */
export function pickedFile(name: string, type: string, size = 1_258_291): File {
  const file = new File(["file content"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

/** A date within the last 3 months (10 days ago), as a date input holds it: YYYY-MM-DD. */
export function recentDocumentDate(): string {
  const day = new Date();
  day.setDate(day.getDate() - 10);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
