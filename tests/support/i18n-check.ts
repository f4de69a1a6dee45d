import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

type Entry = { context: string; id: string; text: string };

const unescapePo = (value: string) => value.replace(/\\"/g, '"').replace(/\\\\/g, "\\");

/** The catalogs of each language: the portal's two, and the server's (Telegram messages). */
export const CATALOG_PARTS = ["public", "signed-in", "server"] as const;

/** The single-line entries of a language's Lingui .po catalogs (ours are written one line per field). */
export function readCatalog(language: string, parts: readonly string[] = CATALOG_PARTS): Entry[] {
  const source = parts.map((part) => readFileSync(`locales/${language}/${part}.po`, "utf8")).join("\n\n");
  return source.split(/\n\n/).flatMap((block) => {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const text = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (!id || text === undefined) return [];
    return [
      { context: /^msgctxt "(.*)"$/m.exec(block)?.[1] ?? "", id: unescapePo(id), text: unescapePo(text) },
    ];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An English message as a whole-text matcher: {placeholders} match anything, plurals their English forms. */
function englishMatcher(message: string): RegExp | null {
  if (/<\d+\/?>/.test(message)) return null;
  const plural = /^\{\w+, plural, (.*)\}$/.exec(message);
  if (plural) {
    const forms = [...plural[1]!.matchAll(/\w+ \{([^}]*)\}/g)].map((form) =>
      escapeRegExp(form[1]!).replace("#", "[\\d,.]+"),
    );
    return new RegExp(`^(?:${forms.join("|")})$`);
  }
  // With placeholders, too few fixed words (say "{elapsed} of {total}") would match other languages' text.
  const words = message.replace(/\{\w+\}/g, " ").match(/\p{L}{2,}/gu) ?? [];
  if (message.includes("{") && words.length < 2) return null;
  return new RegExp(`^${escapeRegExp(message).replace(/\\\{\w+\\\}/g, ".+")}$`);
}

/** A language's suspects: English messages it translates differently, plain ones as text, the rest as patterns. */
type Suspects = { plain: Set<string>; patterns: RegExp[] };
// Read once per language and file: a page check runs for every language, screen and state a test reaches.
const suspectsByLanguage = new Map<string, Suspects>();

function suspectsOf(language: string): Suspects {
  const known = suspectsByLanguage.get(language);
  if (known) return known;
  const translated = new Map(
    readCatalog(language).map((entry) => [`${entry.context}|${entry.id}`, entry.text]),
  );
  const suspects: Suspects = { plain: new Set(), patterns: [] };
  for (const entry of readCatalog("en")) {
    const translation = translated.get(`${entry.context}|${entry.id}`);
    if (!entry.text || !translation || translation === entry.text) continue;
    if (!entry.text.includes("{") && !/<\d+\/?>/.test(entry.text)) suspects.plain.add(entry.text);
    else {
      const matcher = englishMatcher(entry.text);
      if (matcher) suspects.patterns.push(matcher);
    }
  }
  suspectsByLanguage.set(language, suspects);
  return suspects;
}

/** Texts on screen that are English catalog messages although `language` translates them differently. */
export function readUntranslated(language: string, texts: readonly string[]): string[] {
  const { plain, patterns } = suspectsOf(language);
  return [
    ...new Set(texts.filter((text) => plain.has(text) || patterns.some((pattern) => pattern.test(text)))),
  ];
}

/**
 * Every text a user can perceive on the page: visible text nodes, and the names, descriptions and
 * hints carried by attributes (aria-label, aria-valuetext, title, placeholder, alt) and select options.
 */
export function visibleTexts(page: Page): Promise<string[]> {
  // A plain script: transpilers may wrap named functions in helpers the page does not have.
  return page.evaluate(`(() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ? node.textContent.trim() : "";
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script,style,[hidden]")) continue;
      if (parent.getClientRects().length > 0) texts.push(text);
    }
    for (const element of document.body.querySelectorAll("*")) {
      for (const name of ["aria-label", "aria-valuetext", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value && value.trim()) texts.push(value.trim());
      }
      if (element instanceof HTMLOptionElement) texts.push(element.text.trim());
    }
    return texts;
  })()`);
}
