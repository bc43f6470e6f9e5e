import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Installation-wide settings that staff change at run time (environment variables cover start-up). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
