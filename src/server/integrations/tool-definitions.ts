import type { AssistantConnectionTools } from "@shared/assistant-connections.schema";
import type { AssistantPlatform } from "@shared/assistant-platforms.constants";
import { TOOL_DESCRIPTIONS, TOOL_NAMES } from "./assistant-tools";

/** How long Retell waits for a tool's answer before it gives up (its default is 2 minutes: too long on a call). */
const RETELL_TIMEOUT_MS = 10_000;

/**
 * The tools to paste into the platform for a connection, shaped as each takes them in its dashboard and API:
 * Vapi's function tools (`{type: "function", function: {name, description, parameters}}`, docs.vapi.ai "Custom
 * Tools") without a `server` of their own — a tool's server URL takes priority over the assistant's, and with it
 * its own credential, which a definition pasted as given would lack — so Vapi sends them to the assistant's server
 * URL, the connection's, with the credential attached there (docs.vapi.ai "Setting server URLs", "Server
 * authentication"); Retell's custom functions (`{type: "custom", name, description, url, method, parameters,
 * …}`, its LLM API's general_tools), each to its own path under the connection's `/tools`, signed with the
 * webhook API key, with the call object in the body (args_at_root off) so the caller's number comes along.
 */
export function platformToolDefinitions(
  provider: AssistantPlatform,
  webhookUrl: string,
): AssistantConnectionTools {
  const tools = TOOL_NAMES.map((name) => ({ name, ...TOOL_DESCRIPTIONS[name] }));
  if (provider === "vapi")
    return {
      provider,
      tools: tools.map(({ name, description, parameters }) => ({
        type: "function",
        function: { name, description, parameters },
      })),
    };
  return {
    provider,
    tools: tools.map(({ name, description, parameters }) => ({
      type: "custom",
      name,
      description,
      url: `${webhookUrl}/tools/${name}`,
      method: "POST",
      parameters,
      args_at_root: false,
      speak_during_execution: true,
      speak_after_execution: true,
      timeout_ms: RETELL_TIMEOUT_MS,
    })),
  };
}
