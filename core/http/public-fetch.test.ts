import { describe, expect, it } from "vitest";
import { fetchPublic, publicUrlProblem } from "./public-fetch";

describe("public URLs", () => {
  it("takes http(s) URLs on public hosts only", () => {
    expect(publicUrlProblem("https://media.example.com/clip.mp4")).toBeNull();
    expect(publicUrlProblem("http://8.8.8.8/a.wav")).toBeNull();
    for (const inside of ["http://localhost:8787/a", "http://127.0.0.1/", "http://2130706433/", "http://10.0.0.5/", "http://172.16.1.1/", "http://192.168.1.1/", "http://169.254.169.254/latest", "http://[::1]/", "http://[fe80::1]/", "http://[::ffff:127.0.0.1]/", "http://intranet/", "http://db.internal/", "http://printer.local/"]) {
      expect(publicUrlProblem(inside, "source_url"), inside).toBe("source_url must point to a public host, not a private, loopback or local address.");
    }
    for (const other of ["ftp://media.example.com/a.mp3", "file:///etc/passwd", "data:audio/wav;base64,AAAA", "not a url"]) expect(publicUrlProblem(other), other).toBe("The URL must be a full http(s) URL.");
    expect(publicUrlProblem("https://u:p@media.example.com/")).toMatch(/user name/);
  });
});

// A stand-in web server, only inside this test: a function from URL to response.
const server =
  (pages: Record<string, () => Response>): typeof fetch =>
  async (input) => {
    const page = pages[String(input)];
    return page ? page() : new Response("missing", { status: 404 });
  };

describe("fetchPublic", () => {
  const bytes = new Uint8Array(1000).fill(7);

  it("follows redirects between public hosts and returns the body and its type", async () => {
    const fetcher = server({
      "https://a.example/clip": () => new Response(null, { status: 302, headers: { location: "https://cdn.example/clip.wav" } }),
      "https://cdn.example/clip.wav": () => new Response(bytes, { headers: { "content-type": "audio/wav" } }),
    });
    const result = await fetchPublic("https://a.example/clip", { maxBytes: 5000, fetcher });
    expect(result).toMatchObject({ ok: true, contentType: "audio/wav", url: "https://cdn.example/clip.wav" });
    expect(result.ok && result.bytes.length).toBe(1000);
  });

  it("refuses a redirect to a private address, an error answer, too many redirects", async () => {
    const fetcher = server({
      "https://a.example/sneaky": () => new Response(null, { status: 301, headers: { location: "http://169.254.169.254/latest/meta-data" } }),
      "https://a.example/loop": () => new Response(null, { status: 302, headers: { location: "/loop" } }),
    });
    expect(await fetchPublic("https://a.example/sneaky", { maxBytes: 5000, fetcher })).toMatchObject({ ok: false, reason: "invalid_url" });
    expect(await fetchPublic("https://a.example/nothing", { maxBytes: 5000, fetcher })).toMatchObject({ ok: false, reason: "unreachable", message: "https://a.example/nothing answered 404." });
    expect(await fetchPublic("https://a.example/loop", { maxBytes: 5000, fetcher })).toMatchObject({ ok: false, reason: "unreachable", message: expect.stringMatching(/redirects/) });
    expect(await fetchPublic("http://localhost/x", { maxBytes: 5000, fetcher })).toMatchObject({ ok: false, reason: "invalid_url" });
  });

  it("stops at the size cap, by the declared length or while reading a body that declares none", async () => {
    const declared = server({ "https://a.example/big": () => new Response(bytes, { headers: { "content-length": "1000" } }) });
    expect(await fetchPublic("https://a.example/big", { maxBytes: 999, fetcher: declared })).toMatchObject({ ok: false, reason: "too_large" });
    const streamed = server({
      "https://a.example/stream": () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(400));
            },
          }),
        ),
    });
    expect(await fetchPublic("https://a.example/stream", { maxBytes: 999, fetcher: streamed })).toMatchObject({ ok: false, reason: "too_large" });
  });
});
