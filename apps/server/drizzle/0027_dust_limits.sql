ALTER TABLE "vault_refills" DROP CONSTRAINT "vault_refills_amount_check";--> statement-breakpoint
ALTER TABLE "vault_refills" DROP CONSTRAINT "vault_refills_change_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_amount_check";--> statement-breakpoint
ALTER TABLE "vault_refills" ADD CONSTRAINT "vault_refills_amount_check" CHECK ("vault_refills"."amount_sats" >= 294);--> statement-breakpoint
ALTER TABLE "vault_refills" ADD CONSTRAINT "vault_refills_change_check" CHECK (("vault_refills"."change_vout" is null) = ("vault_refills"."change_sats" is null) and ("vault_refills"."change_sats" is null or "vault_refills"."change_sats" >= 330));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_sats" >= 294);