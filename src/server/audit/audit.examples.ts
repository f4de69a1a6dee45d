import type { AuditList } from "@shared/audit.schema";

/** Examples for the OpenAPI document (the OpenAPI test checks each against its schema). */

export const auditListExample: AuditList = {
  data: [
    {
      _id: "1042",
      occurredAt: "2026-03-02T15:04:05.000Z",
      actor: { kind: "user", email: "owner@bright-smile.com" },
      action: "company.updated",
      details: { fields: ["greeting", "timezone"] },
    },
    {
      _id: "1041",
      occurredAt: "2026-03-02T09:00:00.000Z",
      actor: { kind: "user", email: "owner@bright-smile.com" },
      action: "assistant_key.created",
      details: { keyName: "Front desk line" },
    },
  ],
  total: 2,
  page: 1,
  totalPages: 1,
};
