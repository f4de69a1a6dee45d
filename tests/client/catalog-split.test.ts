import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLIC_SOURCES } from "../../lingui.config";
import { compileServerMessages } from "../../scripts/compile-server-messages";
import { SERVER_MESSAGES } from "../../src/server/telegram/server-messages.compiled";
import { LANGUAGE_CODES } from "../../src/shared/languages";
import { readCatalog } from "../support/i18n-check";

const ROOT = process.cwd();
const ALIASES: Record<string, string> = {
  "@client/": "src/client/",
  "@shared/": "src/shared/",
  "@machines/": "machines/",
};
/** Where the signed-in area starts (its shell, and its pages): their messages live in `signed-in`. */
const SIGNED_IN_AREA = ["src/client/app/protected-area.tsx", "src/client/app/page-chunks.ts"];

function resolveImport(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (!specifier.startsWith(".") && !alias) return null; // a package
  const base = alias
    ? join(ROOT, ALIASES[alias]!, specifier.slice(alias.length))
    : join(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every source file the app can run before anyone signs in: from main.tsx, up to the signed-in area. */
function publicGraph(): string[] {
  const seen = new Set<string>();
  const pending = [join(ROOT, "src/client/main.tsx")];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || SIGNED_IN_AREA.includes(relative(ROOT, file))) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    const specifiers = [
      ...[...source.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? m[2]!),
      ...[...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      const resolved = resolveImport(file, specifier);
      if (resolved && /\.tsx?$/.test(resolved)) pending.push(resolved);
    }
  }
  return [...seen].map((file) => relative(ROOT, file)).sort();
}

const usesLingui = (file: string) => /@lingui\/(?:react|core)\/macro/.test(readFileSync(file, "utf8"));
const isPublic = (file: string) =>
  PUBLIC_SOURCES.some((source) => file === source || file.startsWith(`${source}/`));

describe("the message catalogs' split", () => {
  it("puts every message that can show before sign-in in the catalog loaded at start", () => {
    const graph = publicGraph();
    expect(graph).toContain("src/client/features/auth/sign-in-page.tsx");
    for (const start of SIGNED_IN_AREA) expect(graph).not.toContain(start);
    expect(graph).not.toContain("src/client/features/dashboard/dashboard-page.tsx");
    const translating = graph.filter(usesLingui);
    expect(translating.length).toBeGreaterThan(5);
    expect(translating.filter((file) => !isPublic(file))).toEqual([]);
  });

  it("keeps the catalog loaded at start to what can show before sign-in", () => {
    const graph = new Set(publicGraph());
    const listedFiles = PUBLIC_SOURCES.filter((source) => /\.tsx?$/.test(source));
    expect(listedFiles.filter((file) => !graph.has(file))).toEqual([]);
  });
});

describe("the server's catalog (Telegram messages)", () => {
  it("is translated into every language: no empty message, none copied from English", () => {
    const english = new Map(readCatalog("en", ["server"]).map((entry) => [entry.id, entry.text]));
    expect(english.size).toBeGreaterThan(10);
    for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
      const entries = readCatalog(language, ["server"]);
      expect(entries.map((entry) => entry.id).sort(), language).toEqual([...english.keys()].sort());
      const untranslated = entries.filter((entry) => !entry.text || entry.text === english.get(entry.id));
      expect(untranslated, language).toEqual([]);
    }
  });

  it("says in English what the source says (extraction keeps an explicit id's old English text)", () => {
    const source = readFileSync("src/server/telegram/notification-texts.ts", "utf8");
    const messages = [...source.matchAll(/id: "([\w.]+)",\s*message: "([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(messages.length).toBeGreaterThan(10);
    const english = new Map(readCatalog("en", ["server"]).map((entry) => [entry.id, entry.text]));
    expect(messages.filter(([id, message]) => english.get(id!) !== message)).toEqual([]);
  });

  it("is compiled as the server reads it (run `npm run i18n:server` after changing a .po)", async () => {
    expect(SERVER_MESSAGES).toEqual(await compileServerMessages());
  });
});
