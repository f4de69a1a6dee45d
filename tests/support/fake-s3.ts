import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A fake S3-compatible service on 127.0.0.1 for one bucket, path-style (`/<bucket>/<key>`), with the calls the
 * recording storage makes as the S3 API reference shapes them: PutObject, GetObject (with Range), DeleteObject,
 * ListObjectsV2 (pages of `pageSize` keys, with continuation tokens) and DeleteObjects. Signatures are not
 * checked: the SDK signs, and the fake only needs the requests' shapes.
 */

export type FakeObject = { body: Buffer; contentType: string };

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;

export async function startFakeS3(options: { bucket: string; pageSize?: number }) {
  const { bucket } = options;
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, FakeObject>();
  /** Every request as "METHOD path?query", in order. */
  const requests: string[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-s3");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const [, name, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const body = await bodyOf(req);
    const send = (status: number, text = "", headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/xml", ...headers }).end(text);
    if (name !== bucket) return send(404, xml("<Error><Code>NoSuchBucket</Code></Error>"));

    if (req.method === "PUT" && key) {
      objects.set(key, { body, contentType: req.headers["content-type"] ?? "binary/octet-stream" });
      return send(200, "", { etag: '"fake"' });
    }
    if (req.method === "GET" && key) {
      const object = objects.get(key);
      if (!object)
        return send(
          404,
          xml(
            `<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${xmlText(key)}</Key></Error>`,
          ),
        );
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
      if (!range)
        return res
          .writeHead(200, { "content-type": object.contentType, "content-length": object.body.length })
          .end(object.body);
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), object.body.length - 1);
      const part = object.body.subarray(start, end + 1);
      return res
        .writeHead(206, {
          "content-type": object.contentType,
          "content-length": part.length,
          "content-range": `bytes ${start}-${end}/${object.body.length}`,
        })
        .end(part);
    }
    if (req.method === "DELETE" && key) {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    if (req.method === "GET" && url.searchParams.get("list-type") === "2") {
      const prefix = url.searchParams.get("prefix") ?? "";
      const after = url.searchParams.get("continuation-token") ?? "";
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, pageSize);
      const truncated = keys.length > page.length;
      return send(
        200,
        xml(
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name>` +
            `<Prefix>${xmlText(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys>` +
            `<IsTruncated>${truncated}</IsTruncated>` +
            page
              .map(
                (k) =>
                  `<Contents><Key>${xmlText(k)}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`,
              )
              .join("") +
            (truncated
              ? `<NextContinuationToken>${xmlText(page[page.length - 1]!)}</NextContinuationToken>`
              : "") +
            "</ListBucketResult>",
        ),
      );
    }
    if (req.method === "POST" && url.searchParams.has("delete")) {
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) =>
        m[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"),
      );
      for (const k of keys) objects.delete(k);
      return send(200, xml('<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></DeleteResult>'));
    }
    send(400, xml("<Error><Code>NotImplemented</Code></Error>"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  return {
    endpoint,
    /** What the server under test is started with to store its recordings here. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "fake-access-key",
      S3_SECRET_ACCESS_KEY: "fake-secret-key",
      S3_FORCE_PATH_STYLE: "true",
    },
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
