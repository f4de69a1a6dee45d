import { describe, expect, it } from "vitest";
import { csvLine } from "../../src/server/privacy/csv";
import { zipArchive } from "../../src/server/privacy/zip-archive";
import { readZip, readZipEntries } from "../support/read-zip";

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

  it("takes entries from an async iterable one at a time, the next only once the one before is read whole", async () => {
    const log: string[] = [];
    async function* entries() {
      for (const path of ["a.txt", "b.txt", "c.txt"]) {
        log.push(`listed ${path}`);
        yield {
          path,
          async *content() {
            log.push(`reading ${path}`);
            yield path;
            log.push(`read ${path}`);
          },
        };
      }
    }
    const files = await readZip(await bytesOf(zipArchive(entries())));
    expect([...files]).toEqual([
      ["a.txt", "a.txt"],
      ["b.txt", "b.txt"],
      ["c.txt", "c.txt"],
    ]);
    expect(log).toEqual(
      ["a.txt", "b.txt", "c.txt"].flatMap((path) => [`listed ${path}`, `reading ${path}`, `read ${path}`]),
    );
  });

  it("stores an entry marked compress: false as it is, and deflates the others", async () => {
    const text = "la ".repeat(1000);
    const content = async function* () {
      yield text;
    };
    const files = await readZipEntries(
      await bytesOf(
        zipArchive([
          { path: "stored.txt", content, compress: false },
          { path: "deflated.txt", content },
        ]),
      ),
    );
    expect(files.get("stored.txt")).toEqual({ bytes: Buffer.from(text), compressionMethod: 0 });
    expect(files.get("deflated.txt")).toEqual({ bytes: Buffer.from(text), compressionMethod: 8 });
  });

  it("stops taking entries when the reader goes away, returning them so what they opened is closed", async () => {
    let returned = () => {};
    const closed = new Promise<void>((resolve) => {
      returned = resolve;
    });
    async function* entries() {
      try {
        yield {
          path: "endless.bin",
          // More than the reader ever takes.
          async *content() {
            for (;;) yield new Uint8Array(64 * 1024);
          },
        };
        yield { path: "never.txt", content: () => expect.unreachable() };
      } finally {
        returned();
      }
    }
    const reader = zipArchive(entries()).getReader();
    await reader.read();
    await reader.cancel();
    await closed;
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

  it("puts a ' before a text a spreadsheet would run as a formula, phone numbers included; numbers stay numbers", () => {
    expect(
      csvLine([
        '=HYPERLINK("https://evil.example","Ada")',
        "+48 600 100 200",
        "-1+1",
        "@SUM(A1)",
        "\tx",
        "\rx",
      ]),
    ).toBe(
      `"'=HYPERLINK(""https://evil.example"",""Ada"")","'+48 600 100 200","'-1+1","'@SUM(A1)","'\tx","'\rx"\r\n`,
    );
    expect(csvLine(["a=b", -5])).toBe("a=b,-5\r\n");
  });
});
