-- Issue 23, performance: an epoch of a million customers stores a million salts and a million node hashes.
-- As 32-byte bytea (they were lower-case hex text, checked against a pattern on every row) they take half
-- the room and no pattern to check; the epochs already built keep their bytes (decoded from their hex).
ALTER TABLE "proof_leaves" DROP CONSTRAINT "proof_leaves_salt_hex";--> statement-breakpoint
ALTER TABLE "proof_nodes" DROP CONSTRAINT "proof_nodes_hash_hex";--> statement-breakpoint
ALTER TABLE "proof_leaves" ALTER COLUMN "salt" SET DATA TYPE bytea USING decode("salt", 'hex');--> statement-breakpoint
ALTER TABLE "proof_nodes" ALTER COLUMN "hash" SET DATA TYPE bytea USING decode("hash", 'hex');--> statement-breakpoint
ALTER TABLE "proof_leaves" ADD CONSTRAINT "proof_leaves_salt_bytes" CHECK (octet_length("proof_leaves"."salt") = 32);--> statement-breakpoint
ALTER TABLE "proof_nodes" ADD CONSTRAINT "proof_nodes_hash_bytes" CHECK (octet_length("proof_nodes"."hash") = 32);
