// The audit module: the audit log of staff actions. recordAuditEvent writes one in the db transaction of
// the action it tells of; the log is searched in keyset pages. It owns audit_events (append-only).
export { auditEventsOfCustomer, listAuditEvents } from "./list-audit-events.js";
export { recordAuditEvent } from "./record-audit-event.js";
