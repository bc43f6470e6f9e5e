import {
  apiPaths,
  listNotificationsQuerySchema,
  notificationPageSchema,
  notificationResponseSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  unreadCountSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import { getSettings } from "./get-settings.js";
import { listNotifications } from "./list-notifications.js";
import { markAllNotificationsRead } from "./mark-all-read.js";
import { markNotificationRead } from "./mark-notification-read.js";
import { updateSettings } from "./update-settings.js";

export type NotificationRoutesOptions = { ctx: { db: Db; clock: Clock } };

const tags = ["notifications"];
const customer = requireRole("customer");

/**
 * The customer's notifications (a page at a time, opening one, Mark all as read) and their Notification
 * Settings. The live stream is stream-routes.ts; staff's messages to a customer are the admin module's.
 */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, { ctx }) => {
  app.get(
    apiPaths.notifications.list,
    {
      preHandler: customer,
      schema: {
        summary: "The customer's notifications, newest first, in keyset pages, with the unread count",
        tags,
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => listNotifications({ ctx, userId: signedIn(request).user.id, ...request.query }),
  );

  app.post(
    // apiPaths.notifications.read(id) builds this URL.
    `${apiPaths.notifications.list}/:notificationId/read`,
    {
      preHandler: customer,
      schema: {
        summary: "Open a notification: marks it read (404 for anyone else's)",
        tags,
        // Any text: an id that is not a UUID is "not found" like any other that is not the customer's.
        params: z.object({ notificationId: z.string() }),
        response: { 200: notificationResponseSchema },
      },
    },
    async (request) => ({
      notification: await markNotificationRead({
        ctx,
        userId: signedIn(request).user.id,
        notificationId: request.params.notificationId,
      }),
    }),
  );

  app.post(
    apiPaths.notifications.readAll,
    {
      preHandler: customer,
      schema: { summary: "Mark all as read", tags, response: { 200: unreadCountSchema } },
    },
    async (request) => markAllNotificationsRead({ ctx, userId: signedIn(request).user.id }),
  );

  app.get(
    apiPaths.notifications.settings,
    {
      preHandler: customer,
      schema: {
        summary: "Notification Settings (all off for a new customer)",
        tags,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => getSettings(ctx.db, signedIn(request).user.id),
  );

  app.patch(
    apiPaths.notifications.settings,
    {
      preHandler: customer,
      schema: {
        summary: "Change Notification Settings: the switches given; answers all of them",
        tags,
        body: notificationSettingsBodySchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => updateSettings({ ctx, userId: signedIn(request).user.id, body: request.body }),
  );
};
