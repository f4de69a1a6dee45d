import { ComingSoonCard } from "../../components/coming-soon-card";
import { VoiceAssistantCard } from "../assistant-keys/voice-assistant-card";
import { TelegramCard } from "../telegram/telegram-card";

/** The Settings cards under the company form; each fetches its own data and shows its own loading state. */
export default function SettingsMoreCards() {
  return (
    <>
      <VoiceAssistantCard />
      <TelegramCard />
      <ComingSoonCard />
    </>
  );
}
