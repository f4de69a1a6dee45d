import type { MessageDescriptor } from "@lingui/core";
import type { SettingsDraft } from "./settings-draft";

/** The form's fields a message can be tied to. */
export type SettingsField = keyof SettingsDraft;

/** What is wrong with each field; a field without an entry is fine. */
export type SettingsProblems = Partial<Record<SettingsField, MessageDescriptor>>;

/** The same, in the user's language, as the cards show it. */
export type SettingsProblemTexts = Partial<Record<SettingsField, string>>;
