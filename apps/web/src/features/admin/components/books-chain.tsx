import type { Books } from "@satsbank/shared";
import { adminTimeText } from "../lib/admin-time";
import { DetailsSection, Fact } from "./details-section";

const BACKENDS = { bitcoind: "Bitcoin Core (bitcoind)", esplora: "Esplora" } as const;

/** The chain follower against the backend's best block: heights and lag, or why the backend is not there. */
export function BooksChain({ chain }: { chain: Books["chain"] }) {
  const { follower, tip, lagBlocks } = chain;
  return (
    <DetailsSection level={2} title="Chain follower">
      {!tip.available && (
        <p
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/10 px-3.5 py-3 text-sm"
        >
          <span className="font-semibold text-destructive">Backend unavailable: </span>
          {tip.reason}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Backend">{BACKENDS[chain.backend]}</Fact>
        <Fact term="Follower height">
          {follower ? (
            <>
              {follower.height.toLocaleString("en-US")}
              <span className="block text-xs text-muted-foreground">
                {"Processed "}
                <time dateTime={follower.processedAt}>{adminTimeText(follower.processedAt)}</time>
              </span>
            </>
          ) : (
            "No block processed yet"
          )}
        </Fact>
        <Fact term="Backend height">
          {tip.available ? tip.height.toLocaleString("en-US") : "Unavailable"}
        </Fact>
        <Fact term="Lag">
          {lagBlocks === null ? "Unknown" : `${lagBlocks} ${lagBlocks === 1 ? "block" : "blocks"}`}
        </Fact>
      </dl>
    </DetailsSection>
  );
}
