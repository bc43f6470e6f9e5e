-- Issue 23, performance: a customer's leaf is found through proof_accounts (the epoch's accounts in
-- ascending order, up to 128 a row, with their leaves' positions) instead of an index of proof_leaves by
-- account, which took each of a million leaves at a random place; the tree's tables drop their foreign
-- keys to proof_epochs (written only with their epoch, in its db transaction; checked row by row, they
-- cost seconds). The epochs already built get their rows of proof_accounts from their leaves.
CREATE TABLE "proof_accounts" (
	"epoch" bigint NOT NULL,
	"first_account_id" bigint NOT NULL,
	"account_ids" bigint[] NOT NULL,
	"positions" integer[] NOT NULL,
	CONSTRAINT "proof_accounts_epoch_first_account_id_pk" PRIMARY KEY("epoch","first_account_id"),
	CONSTRAINT "proof_accounts_shape" CHECK ("proof_accounts"."account_ids"[1] = "proof_accounts"."first_account_id" and cardinality("proof_accounts"."account_ids") = cardinality("proof_accounts"."positions"))
);
--> statement-breakpoint
INSERT INTO "proof_accounts" ("epoch", "first_account_id", "account_ids", "positions")
SELECT "epoch", min("account_id"), array_agg("account_id" ORDER BY "account_id"), array_agg("position" ORDER BY "account_id")
  FROM (SELECT "epoch", "account_id", "position",
               (row_number() OVER (PARTITION BY "epoch" ORDER BY "account_id") - 1) / 128 AS "chunk"
          FROM "proof_leaves" WHERE "account_id" <> 0) AS "leaves"
 GROUP BY "epoch", "chunk";
--> statement-breakpoint
ALTER TABLE "proof_leaves" DROP CONSTRAINT "proof_leaves_epoch_proof_epochs_epoch_fk";
--> statement-breakpoint
ALTER TABLE "proof_nodes" DROP CONSTRAINT "proof_nodes_epoch_proof_epochs_epoch_fk";
--> statement-breakpoint
DROP INDEX "proof_leaves_account_idx";
