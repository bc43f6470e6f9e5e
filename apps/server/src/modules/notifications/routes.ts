import {
  apiPaths,
  listNotificationsQuerySchema,
  notificationPageSchema,
  notificationResponseSchema,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
  staffMessageBodySchema,
  staffMessageResponseSchema,
  unreadCountSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { staffActor } from "../../domain/staff.js";
import { type LoadSession, requireRole, type SessionCookies, signedIn } from "../../plugins/session.js";
import { clientOf } from "../auth/client.js";
import { getSettings } from "./get-settings.js";
import { listNotifications } from "./list-notifications.js";
import { markAllNotificationsRead } from "./mark-all-read.js";
import { markNotificationRead } from "./mark-notification-read.js";
import type { NotificationHub } from "./notification-hub.js";
import { openNotificationStream } from "./notification-stream.js";
import { sendStaffMessage } from "./send-staff-message.js";
import { updateSettings } from "./update-settings.js";

export type NotificationRoutesOptions = {
  ctx: { db: Db; clock: Clock };
  hub: NotificationHub;
  /** The stream re-checks its session at each heartbeat: a signed-out browser stops hearing. */
  loadSession: LoadSession;
  cookies: SessionCookies;
  heartbeatMs: number;
};

const tags = ["notifications"];
const customer = requireRole("customer");

/**
 * The customer's notifications (a page at a time, opening one, Mark all as read, the live stream), their
 * Notification Settings, and staff's messages to a customer.
 */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { ctx, hub, loadSession, cookies, heartbeatMs },
) => {
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
    apiPaths.notifications.stream,
    {
      preHandler: customer,
      schema: {
        summary: "Server-sent events (text/event-stream): each notification made while it is open",
        tags,
      },
    },
    async (request, reply) => {
      const { sessionId, user } = signedIn(request);
      const token = cookies.read(request) ?? "";
      openNotificationStream({
        ctx: { db: ctx.db, hub, heartbeatMs, log: request.log },
        request,
        reply,
        userId: user.id,
        stillSignedIn: async () => (await loadSession(token, ctx.clock.now()))?.sessionId === sessionId,
      });
      return reply;
    },
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

  app.post(
    // apiPaths.admin.customerMessages(userId) builds this URL.
    "/api/admin/customers/:userId/messages",
    {
      preHandler: requireRole("admin"),
      schema: {
        summary: "Staff: a message to one customer (plain text), shown as a system notification",
        tags: ["admin"],
        params: z.object({ userId: z.string() }),
        body: staffMessageBodySchema,
        response: { 201: staffMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const message = await sendStaffMessage({
        ctx,
        staff: staffActor(signedIn(request).user, clientOf(request)),
        userId: request.params.userId,
        body: request.body,
      });
      return reply.code(201).send({ message });
    },
  );
};
