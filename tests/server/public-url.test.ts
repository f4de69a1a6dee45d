import { describe, expect, it } from "vitest";
import { isPublicAddress, publicUrlProblem } from "../../src/shared/public-url";

const NOT_PUBLIC = "points at a loopback, private, link-local or unspecified address";

describe("publicUrlProblem: the guard for URLs from outside that are later opened", () => {
  it.each([
    "https://recordings.example.com/call.mp3",
    "https://storage.vapi.ai/a-mono.wav",
    "https://recordings.calldesk.test/x.wav",
    "https://8.8.8.8/a.wav",
    "https://172.32.0.1/a.wav",
    "https://[2001:4860:4860::8888]/a.wav",
    "https://[::ffff:8.8.8.8]/a.wav",
  ])("lets %s through", (url) => {
    expect(publicUrlProblem(url)).toBeNull();
  });

  it.each([
    ["https://user:pw@recordings.example.com/a.mp3", "carries a user name or password"],
    ["https://user@recordings.example.com/a.mp3", "carries a user name or password"],
    ["http://recordings.example.com/a.mp3", "is not an https URL"],
    ["https://127.0.0.1:22/a", NOT_PUBLIC],
    // Every spelling of an address is read as the URL parser reads it.
    ["https://2130706433/a", NOT_PUBLIC],
    ["https://0x7f.1/a", NOT_PUBLIC],
    ["https://127.0.0.1./a", NOT_PUBLIC],
    ["https://0.0.0.0/a", NOT_PUBLIC],
    ["https://10.20.30.40/a", NOT_PUBLIC],
    ["https://172.16.0.1/a", NOT_PUBLIC],
    ["https://192.168.1.1/a", NOT_PUBLIC],
    ["https://100.64.0.1/a", NOT_PUBLIC],
    ["https://169.254.169.254/latest/meta-data", NOT_PUBLIC],
    ["https://224.0.0.1/a", NOT_PUBLIC],
    ["https://[::1]/a", NOT_PUBLIC],
    ["https://[::]/a", NOT_PUBLIC],
    ["https://[::ffff:127.0.0.1]/a", NOT_PUBLIC],
    ["https://[::ffff:10.0.0.1]/a", NOT_PUBLIC],
    ["https://[64:ff9b::7f00:1]/a", NOT_PUBLIC],
    ["https://[2002:a00:1::]/a", NOT_PUBLIC],
    ["https://[fe80::1]/a", NOT_PUBLIC],
    ["https://[fd12:3456::1]/a", NOT_PUBLIC],
    ["https://[ff02::1]/a", NOT_PUBLIC],
    ["https://localhost/a", NOT_PUBLIC],
    ["https://LOCALHOST./a", NOT_PUBLIC],
    ["https://recordings.localhost/a", NOT_PUBLIC],
    ["https://intranet/a", NOT_PUBLIC],
  ])("refuses %s: it %s", (url, problem) => {
    expect(publicUrlProblem(url)).toBe(problem);
  });
});

describe("isPublicAddress: for the address a host name resolved to", () => {
  it.each([
    ["93.184.215.14", true],
    ["2606:2800:21f:cb07:6820:80da:af6b:8b2c", true],
    ["::ffff:93.184.215.14", true],
    ["127.0.0.53", false],
    ["::ffff:192.168.0.1", false],
    ["fe80::1%eth0", false],
    ["[::1]", false],
    ["not an address", false],
    ["1.2.3", false],
    ["1:2:3:4:5:6:7:8:9", false],
  ])("%s: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
