import { ComingSoonCard } from "../../components/coming-soon-card";
import { VoiceAssistantCard } from "../assistant-keys/voice-assistant-card";
import { TelegramCard } from "../telegram/telegram-card";

/**
 * The Settings cards under the company form, in a chunk of their own: each fetches its own data and shows its
 * own loading state, so the page's first render does not wait for their code (key dialogs, Telegram's machine).
 */
export default function SettingsMoreCards() {
  return (
    <>
      <VoiceAssistantCard />
      <TelegramCard />
      <ComingSoonCard />
    </>
  );
}
