import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";

/** Installation-wide settings that staff change at run time (environment variables cover start-up). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
