import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { AuditEntry } from "@shared/audit.schema";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as german } from "../../locales/de/signed-in.po";
import { messages as english } from "../../locales/en/signed-in.po";
import { messages as polish } from "../../locales/pl/signed-in.po";
import { useAuditWords } from "../../src/client/features/audit/audit-words";

const i18nOf = (locale: string, messages: Messages) =>
  setupI18n({ locale, messages: { [locale]: messages } });

/** The activity log's sentence for `entry`, as the page says it in the language of `i18n`. */
function sentenceOf(i18n: I18n, entry: AuditEntry): string {
  const Sentence = () => useAuditWords().sentence(entry);
  return renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(Sentence)))
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

const erasure = (calls: number, bookings: number, cancelledBookings: number): AuditEntry => ({
  _id: "1",
  occurredAt: "2026-03-02T17:00:00.000Z",
  actor: { kind: "user", email: "owner@example.com" },
  action: "caller_data.erased",
  details: { calls, bookings, cancelledBookings },
});

describe("the activity log's sentence for an erasure", () => {
  it("counts the calls and bookings erased, and the bookings it cancelled when there were any", () => {
    const en = i18nOf("en", english);
    expect(sentenceOf(en, erasure(3, 2, 1))).toBe(
      "Erased one caller's data: 3 calls, 2 bookings (1 cancelled)",
    );
    expect(sentenceOf(en, erasure(1, 1, 0))).toBe("Erased one caller's data: 1 call, 1 booking");
  });

  it("says it in the interface language, each count in its own plural form", () => {
    expect(sentenceOf(i18nOf("pl", polish), erasure(5, 3, 2))).toBe(
      "Usunięto dane jednego dzwoniącego: 5 połączeń, 3 rezerwacje (2 anulowane)",
    );
    expect(sentenceOf(i18nOf("de", german), erasure(1, 2, 0))).toBe(
      "Daten eines Anrufers gelöscht: 1 Anruf, 2 Buchungen",
    );
  });
});

describe("the activity log's sentence for the business's export", () => {
  const exported = (details: { recordings?: boolean }): AuditEntry => ({
    _id: "2",
    occurredAt: "2026-03-02T17:00:00.000Z",
    actor: { kind: "user", email: "owner@example.com" },
    action: "business_data.exported",
    details,
  });

  it("says when the call recordings were included; an entry from before they could be says nothing of them", () => {
    const en = i18nOf("en", english);
    expect(sentenceOf(en, exported({ recordings: true }))).toBe(
      "Downloaded all of the business's data, call recordings included",
    );
    expect(sentenceOf(en, exported({ recordings: false }))).toBe("Downloaded all of the business's data");
    expect(sentenceOf(en, exported({}))).toBe("Downloaded all of the business's data");
  });
});

describe("the activity log's sentences for data protection", () => {
  const byServer = {
    _id: "3",
    occurredAt: "2026-03-02T17:00:00.000Z",
    actor: { kind: "system" as const },
  };
  const purged = (calls: number, callContents: number, bookingContacts: number): AuditEntry => ({
    ...byServer,
    action: "retention.purged",
    details: { calls, callContents, bookingContacts },
  });

  it("names the settings changed by the card's labels", () => {
    const changed: AuditEntry = {
      ...byServer,
      actor: { kind: "user", email: "owner@example.com" },
      action: "privacy.settings_updated",
      details: { fields: ["recordCalls", "callRowDays"] },
    };
    expect(sentenceOf(i18nOf("en", english), changed)).toBe(
      "Changed the data protection settings: Record calls and Delete calls after a number of days",
    );
  });

  it("counts what a purge removed, only what there was some of, each in its plural", () => {
    const en = i18nOf("en", english);
    expect(sentenceOf(en, purged(3, 1, 0))).toBe(
      "Removed what the retention settings no longer keep: 3 calls and the content of 1 call",
    );
    expect(sentenceOf(en, purged(0, 0, 2))).toBe(
      "Removed what the retention settings no longer keep: customers' details from 2 bookings",
    );
    expect(sentenceOf(i18nOf("pl", polish), purged(5, 2, 1))).toBe(
      "Usunięto to, czego ustawienia przechowywania już nie zachowują: 5 połączeń, treść 2 połączeń i dane klientów z 1 rezerwacji",
    );
    expect(sentenceOf(i18nOf("de", german), purged(1, 4, 0))).toBe(
      "Entfernt, was die Aufbewahrungseinstellungen nicht mehr vorsehen: 1 Anruf und die Inhalte von 4 Anrufen",
    );
  });
});
