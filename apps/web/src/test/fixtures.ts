import type { SessionUser } from "@satsbank/shared";

/** A signed-in customer, as `GET /api/auth/me` would answer. */
export const customer: SessionUser = {
  id: "0b7a3c2e-5f1d-4c8a-9e2b-6d4f1a7c3e90",
  email: "ada@example.com",
  name: "Ada Lovelace",
  username: "ada",
  phone: null,
  role: "customer",
  accountType: "personal",
  twoFactorEnabled: false,
  createdAt: "2025-01-02T03:04:05.000Z",
};

/** A staff account. */
export const staff: SessionUser = {
  ...customer,
  id: "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a",
  email: "admin@example.com",
  name: "Grace Hopper",
  username: "grace",
  role: "admin",
};
