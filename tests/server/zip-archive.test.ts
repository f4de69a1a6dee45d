import { describe, expect, it } from "vitest";
import { csvLine } from "../../src/server/privacy/csv";
import { zipArchive } from "../../src/server/privacy/zip-archive";
import { readZip } from "../support/read-zip";

const bytesOf = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer());

describe("zipArchive", () => {
  it("writes each entry's content in order, starting an entry only when the archive reaches it", async () => {
    const started: string[] = [];
    const entry = (path: string, chunks: string[]) => ({
      path,
      async *content() {
        started.push(path);
        yield* chunks;
      },
    });
    const stream = zipArchive([
      entry("readme.txt", ["Hello, ", "world\n"]),
      entry("data/calls.csv", ["a,b\r\n"]),
    ]);
    expect(started).toEqual([]);
    const files = await readZip(await bytesOf(stream));
    expect(started).toEqual(["readme.txt", "data/calls.csv"]);
    expect([...files]).toEqual([
      ["readme.txt", "Hello, world\n"],
      ["data/calls.csv", "a,b\r\n"],
    ]);
  });

  it("fails the whole stream when an entry's content fails, so no partial file passes for complete", async () => {
    const stream = zipArchive([
      {
        path: "ok.txt",
        content: async function* () {
          yield "fine";
        },
      },
      {
        path: "broken.txt",
        content: async function* () {
          yield "half";
          throw new Error("database gone");
        },
      },
    ]);
    await expect(bytesOf(stream)).rejects.toThrow("database gone");
  });
});

describe("csvLine", () => {
  it("quotes what needs quoting, doubles quotes, writes null empty and objects as JSON, ends with CRLF", () => {
    expect(csvLine(["plain", 'say "hi"', "a,b", "two\nlines", null, 3, true, { k: [1] }])).toBe(
      'plain,"say ""hi""","a,b","two\nlines",,3,true,"{""k"":[1]}"\r\n',
    );
    expect(csvLine([new Date("2026-01-02T03:04:05.000Z")])).toBe("2026-01-02T03:04:05.000Z\r\n");
  });
});
