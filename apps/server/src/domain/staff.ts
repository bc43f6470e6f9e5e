/**
 * A member of staff doing something, and from where: what every staff action carries to the audit log.
 * The address and browser are the request's (null for an action not made over HTTP: the seed).
 */
export type StaffActor = {
  readonly userId: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
};

/** The staff actor of a request's signed-in member of staff and its client. */
export function staffActor(
  staff: { id: string },
  client: { ip: string; userAgent?: string | undefined },
): StaffActor {
  return { userId: staff.id, ip: client.ip, userAgent: client.userAgent ?? null };
}

/** The staff actor of the seed and other work not done over HTTP: no address, no browser. */
export function offlineStaffActor(staff: { id: string }): StaffActor {
  return { userId: staff.id, ip: null, userAgent: null };
}
