ALTER TABLE "kyc_documents" ADD COLUMN "content_sha256" text;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD COLUMN "grey_stdev" double precision;--> statement-breakpoint
CREATE INDEX "kyc_documents_content_sha256_idx" ON "kyc_documents" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "kyc_documents_perceptual_band0_idx" ON "kyc_documents" USING btree ((("perceptual_hash" >> 51) & 8191));--> statement-breakpoint
CREATE INDEX "kyc_documents_perceptual_band1_idx" ON "kyc_documents" USING btree ((("perceptual_hash" >> 38) & 8191));--> statement-breakpoint
CREATE INDEX "kyc_documents_perceptual_band2_idx" ON "kyc_documents" USING btree ((("perceptual_hash" >> 25) & 8191));--> statement-breakpoint
CREATE INDEX "kyc_documents_perceptual_band3_idx" ON "kyc_documents" USING btree ((("perceptual_hash" >> 12) & 8191));--> statement-breakpoint
CREATE INDEX "kyc_documents_perceptual_band4_idx" ON "kyc_documents" USING btree ((("perceptual_hash" >> 0) & 4095));