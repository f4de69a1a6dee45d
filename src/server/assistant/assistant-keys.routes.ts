import {
  type AssistantKey,
  assistantKeyList,
  createAssistantKeyBody,
  createdAssistantKey,
} from "@shared/assistant.schema";
import { recordAudit } from "../audit/audit.repo";
import type { AssistantKeyRow } from "../db/schema/assistant-keys.schema";
import { ApiRouter, type RouteGuards } from "../http/api-router";
import type { AppDeps } from "../http/app-env";
import { readIdParam } from "../http/read-id-param";
import { ok } from "../http/respond";
import { Refusal } from "../refusal";
import { assistantKeyExample, createdAssistantKeyExample } from "./assistant.examples";
import { generateAssistantKey, hashAssistantKey } from "./assistant-key-secret";
import { insertAssistantKey, listActiveAssistantKeys, revokeAssistantKey } from "./assistant-keys.repo";

const toAssistantKey = (row: AssistantKeyRow): AssistantKey => ({
  _id: row.id,
  name: row.name,
  last4: row.last4,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Staff manage the keys their voice assistant uses (signed-in staff only; never the assistant itself). */
export function assistantKeysRoutes({ db, clock }: Pick<AppDeps, "db" | "clock">, guards: RouteGuards) {
  const router = new ApiRouter("/api/assistant/keys", guards);

  router.add(
    {
      method: "post",
      path: "/",
      summary: "Create an assistant API key; this answer is the only time the key is shown",
      auth: "user",
      body: createAssistantKeyBody,
      response: createdAssistantKey,
      status: 201,
      examples: { body: { name: "Front desk line" }, response: createdAssistantKeyExample },
      errors: [],
    },
    async (c, { body }) => {
      const key = generateAssistantKey();
      const { businessId, userId } = c.get("auth");
      const at = clock();
      const row = await db.transaction(async (tx) => {
        const row = await insertAssistantKey(tx, businessId, {
          name: body.name,
          keyHash: hashAssistantKey(key),
          last4: key.slice(-4),
          createdAt: at,
        });
        const details = { keyName: row.name };
        await recordAudit(tx, {
          businessId,
          actor: { userId },
          at,
          action: "assistant_key.created",
          details,
        });
        return row;
      });
      return ok(c, { ...toAssistantKey(row), key }, 201);
    },
  );

  router.add(
    {
      method: "get",
      path: "/",
      summary: "The business's active assistant keys, newest first (revoked keys are not listed)",
      auth: "user",
      response: assistantKeyList,
      examples: { response: [assistantKeyExample] },
      errors: [],
    },
    async (c) => ok(c, (await listActiveAssistantKeys(db, c.get("auth").businessId)).map(toAssistantKey)),
  );

  router.add(
    {
      method: "delete",
      path: "/:id",
      summary: "Revoke an assistant key; requests with it are refused from then on",
      auth: "user",
      response: null,
      errors: ["NOT_FOUND"],
    },
    async (c) => {
      const id = readIdParam(c, "No such assistant key");
      const { businessId, userId } = c.get("auth");
      const at = clock();
      await db.transaction(async (tx) => {
        const revoked = await revokeAssistantKey(tx, businessId, id, at);
        if (!revoked) throw new Refusal("NOT_FOUND", "No such assistant key");
        const details = { keyName: revoked.name };
        await recordAudit(tx, {
          businessId,
          actor: { userId },
          at,
          action: "assistant_key.revoked",
          details,
        });
      });
      return ok(c, null);
    },
  );

  return router;
}
