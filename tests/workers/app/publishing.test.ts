import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, form, ORIGIN, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";

/** A starter workspace (Studio's API is open to it) and its key. */
async function account(email: string): Promise<{ key: string; cookie: string; workspace: string; userId: string }> {
  const cookie = await signUp(email);
  const key = await createKey(cookie);
  const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
  const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
  return { key, cookie, workspace, userId };
}

function multipart(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

const BOOK = { title: "The Quiet Harbour", author: "Ada Lane", description: "A lighthouse keeper's year, told in twelve short chapters.", genres: "fiction", language: "en", isbn_number: "978-0-306-40615-7" };

/** A Studio project with the given metadata; `finished` gives it a cover and a project snapshot (a conversion's result). */
async function project(key: string, workspace: string, fields: Record<string, string>, finished = true): Promise<string> {
  const response = await api("/v1/studio/projects", { method: "POST", key, body: multipart({ name: "Harbour", default_title_voice_id: ARIA, default_paragraph_voice_id: ARIA, ...fields }) });
  expect(response.status).toBe(200);
  const id = ((await response.json()) as { project: { project_id: string } }).project.project_id;
  if (finished) {
    const audioKey = `test/${id}/snapshot.mp3`;
    const coverKey = `test/${id}/cover.png`;
    await env.MEDIA.put(audioKey, new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]));
    await env.MEDIA.put(coverKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    await env.DB.batch([
      env.DB.prepare("INSERT INTO studio_snapshots (id, project_id, chapter_id, workspace_id, name, created_at_unix, audio_key, audio_bytes, duration_ms) VALUES (?, ?, NULL, ?, 'Harbour', unixepoch(), ?, 8, 61000)").bind(`snap-${id}`, id, workspace, audioKey),
      env.DB.prepare("UPDATE studio_projects SET latest_snapshot_id = ?, cover_image_key = ?, cover_image_type = 'image/png' WHERE id = ?").bind(`snap-${id}`, coverKey, id),
    ]);
  }
  return id;
}

type Read = { read_id: string; state: string; title: string; isbn: string | null; genres: string[]; cover_image_url: string | null; review_note: string | null };
type ApiError = { detail: { status: string; message: string } };

const createRead = (key: string, projectId: string) => api("/v1/publishing/reads", { method: "POST", key, json: { project_id: projectId } });
const act = (key: string, readId: string, action: string, note?: string) => api(`/v1/publishing/reads/${readId}/state`, { method: "POST", key, json: { action, ...(note ? { note } : {}) } });
const agree = (key: string) => api("/v1/publishing/terms", { method: "POST", key });
const status = async (response: Response) => ((await response.json()) as ApiError).detail.status;
/** A page of the reader flavour, as the front door marks a request to a hostname with the reader brand. */
const reader = (path: string, init: RequestInit = {}) => SELF.fetch(`${ORIGIN.replace("://", "://reader.")}${path}`, { redirect: "manual", ...init, headers: { "x-parlance-flavour": "reader", ...(init.headers as Record<string, string>) } });

describe("direct publishing", () => {
  it("takes a finished project through draft, review and publishing, then serves it in the reader catalogue with metrics", async () => {
    const owner = await account("pub-flow@example.com");
    const projectId = await project(owner.key, owner.workspace, BOOK);
    const created = await createRead(owner.key, projectId);
    expect(created.status).toBe(200);
    const read = (await created.json()) as Read;
    expect(read).toMatchObject({ state: "draft", title: BOOK.title, isbn: BOOK.isbn_number, genres: ["fiction"] });
    expect((await createRead(owner.key, projectId)).status).toBe(409);

    // Not before the publishing payouts terms are agreed.
    const noTerms = await act(owner.key, read.read_id, "submit");
    expect(noTerms.status).toBe(403);
    expect(await status(noTerms)).toBe("publishing_terms_not_agreed");
    expect((await agree(owner.key)).status).toBe(200);

    // Approving a draft skips review: refused; submitting moves it to review.
    expect(await status(await act(owner.key, read.read_id, "approve"))).toBe("invalid_read_state");
    const submitted = await act(owner.key, read.read_id, "submit");
    expect(submitted.status).toBe(200);
    expect(((await submitted.json()) as Read).state).toBe("in_review");
    // In review it is not in the catalogue yet.
    expect((await reader(`/reads/${read.read_id}`)).status).toBe(404);

    // An editor who did not submit it cannot review it: the admin (the owner) can.
    await env.DB.prepare("UPDATE workspace_members SET role = 'editor' WHERE workspace_id = ?").bind(owner.workspace).run();
    const notAdmin = await act(owner.key, read.read_id, "approve");
    expect(notAdmin.status).toBe(403);
    expect(await status(notAdmin)).toBe("review_requires_admin");
    await env.DB.prepare("UPDATE workspace_members SET role = 'admin' WHERE workspace_id = ?").bind(owner.workspace).run();
    const published = await act(owner.key, read.read_id, "approve");
    expect(((await published.json()) as Read).state).toBe("published");

    // The reader flavour: the catalogue at its root lists it; the listening page plays its audio.
    const root = await reader("/");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/reads");
    const catalogue = await reader("/reads");
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers.get("set-cookie")).toBeNull();
    expect(await catalogue.text()).toContain(BOOK.title);
    const page = await reader(`/reads/${read.read_id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(BOOK.description);
    expect(html).toContain(`/reads/${read.read_id}/audio/snap-${projectId}.mp3`);
    const audio = await reader(`/reads/${read.read_id}/audio/snap-${projectId}.mp3`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    expect((await reader(`/reads/${read.read_id}/cover`)).status).toBe(200);
    // The main host sends catalogue visitors to the reader host.
    const main = await SELF.fetch(`${ORIGIN}/reads/${read.read_id}`, { redirect: "manual" });
    expect(main.status).toBe(302);
    expect(main.headers.get("location")).toBe(`${ORIGIN.replace("://", "://reader.")}/reads/${read.read_id}`);

    // Metrics from the listening page: no cookie needed or set; bad events refused.
    const event = (body: string) => reader(`/reads/${read.read_id}/events`, { method: "POST", body, headers: { "content-type": "text/plain" } });
    for (const body of ['{"type":"play"}', '{"type":"play"}', '{"type":"listen","seconds":15}', '{"type":"listen","seconds":9000}', '{"type":"complete"}']) {
      const answer = await event(body);
      expect(answer.status).toBe(204);
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    expect((await event('{"type":"listen","seconds":-3}')).status).toBe(400);
    expect((await event("not json")).status).toBe(400);
    const metrics = (await (await api(`/v1/publishing/reads/${read.read_id}/metrics`, { key: owner.key })).json()) as { listens: number; listen_time_seconds: number; completions: number; completion_rate: number };
    // A report counts at most a minute.
    expect(metrics).toMatchObject({ listens: 2, listen_time_seconds: 75, completions: 1, completion_rate: 0.5 });

    // Unpublished: gone from the catalogue, its events refused; it must pass review again.
    expect(((await (await act(owner.key, read.read_id, "unpublish")).json()) as Read).state).toBe("unpublished");
    expect((await reader(`/reads/${read.read_id}`)).status).toBe(404);
    expect((await event('{"type":"play"}')).status).toBe(404);
    expect(await status(await act(owner.key, read.read_id, "approve"))).toBe("invalid_read_state");
    expect(((await (await act(owner.key, read.read_id, "submit")).json()) as Read).state).toBe("in_review");
    const returned = await act(owner.key, read.read_id, "return", "Fix the cover");
    expect(((await returned.json()) as Read)).toMatchObject({ state: "draft", review_note: "Fix the cover" });
  }, 30_000);

  it("pays the publisher for each finished day's completed listens, once, at the published rate; today waits", async () => {
    const owner = await account("pub-earnings@example.com");
    const read = (await (await createRead(owner.key, await project(owner.key, owner.workspace, { ...BOOK, isbn_number: "" }))).json()) as Read;
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const stats = env.DB.prepare("INSERT INTO publishing_read_daily_stats (read_id, day, listens, listen_ms, completions) VALUES (?, ?, ?, 0, ?)");
    await env.DB.batch([stats.bind(read.read_id, day(2), 5, 3), stats.bind(read.read_id, day(1), 1, 0), stats.bind(read.read_id, day(0), 4, 4)]);
    const earnings = () => env.DB.prepare("SELECT source, source_id, amount FROM earnings WHERE user_id = ? ORDER BY source_id").bind(owner.userId).all<{ source: string; source_id: string; amount: number }>();
    for (let visit = 0; visit < 2; visit++) expect((await SELF.fetch(`${ORIGIN}/app/payouts`, { headers: { cookie: owner.cookie } })).status).toBe(200);
    // Three completed listens two days ago at 2 cents each; a day without completions and today earn nothing (yet).
    expect((await earnings()).results).toEqual([{ source: "publishing", source_id: `${read.read_id}:${day(2)}`, amount: 6 }]);
    // Another person's payouts page does not pay for this read.
    const other = await account("pub-earnings-other@example.com");
    expect((await SELF.fetch(`${ORIGIN}/app/payouts`, { headers: { cookie: other.cookie } })).status).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM earnings WHERE user_id = ?").bind(other.userId).first<{ n: number }>())!.n).toBe(0);
  });

  it("searches the reader catalogue by title or author words (prefixes), author, genre and language; published reads only", async () => {
    const owner = await account("pub-search@example.com");
    await agree(owner.key);
    const publish = async (fields: Record<string, string>, approve = true) => {
      const read = (await (await createRead(owner.key, await project(owner.key, owner.workspace, { ...BOOK, isbn_number: "", ...fields }))).json()) as Read;
      expect((await act(owner.key, read.read_id, "submit")).status).toBe(200);
      if (approve) expect((await act(owner.key, read.read_id, "approve")).status).toBe(200);
      return read.read_id;
    };
    const lantern = await publish({ title: "The Zephyr Lantern", author: "Élodie Marchand", genres: "mystery", language: "fr" });
    const harbour = await publish({ title: "Zephyr Harbour", author: "Ada Quillfeather", genres: "fiction", language: "en" });
    const inReview = await publish({ title: "Zephyr Unseen", author: "Ada Quillfeather", genres: "fiction", language: "en" }, false);
    const found = async (search: string) => {
      const page = await reader(`/reads?${search}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      return [lantern, harbour, inReview].filter((id) => html.includes(`/reads/${id}"`));
    };
    expect(await found("q=zephyr")).toEqual([lantern, harbour]);
    expect(await found("q=zeph+lant")).toEqual([lantern]);
    // Accents and case do not matter; author words match in q and in author.
    expect(await found("q=ELODIE")).toEqual([lantern]);
    expect(await found("author=quill")).toEqual([harbour]);
    expect(await found("q=zephyr&author=marchand")).toEqual([lantern]);
    expect(await found("genre=fiction")).toEqual([harbour]);
    expect(await found("q=zephyr&language=fr")).toEqual([lantern]);
    expect(await found("q=zephyr&genre=any&language=any")).toEqual([lantern, harbour]);
    expect(await found("q=nothingmatches")).toEqual([]);
    // Unpublished, a read leaves the results.
    await act(owner.key, lantern, "unpublish");
    expect(await found("q=zephyr")).toEqual([harbour]);
    // A search too long or a bad language code is a 400 with the catalogue still shown.
    expect((await reader(`/reads?q=${"a".repeat(201)}`)).status).toBe(400);
    expect((await reader("/reads?language=english!")).status).toBe(400);
  }, 30_000);

  it("refuses a read without required metadata, beyond the plan's capacity, and another workspace's project", async () => {
    const owner = await account("pub-refusals@example.com");
    await agree(owner.key);
    // No description, genres or cover, a bad ISBN, no conversion: the draft exists, submitting names what is missing.
    const bare = await project(owner.key, owner.workspace, { title: "Bare", author: "A", isbn_number: "978-0-306-40615-8" }, false);
    const draft = (await (await createRead(owner.key, bare)).json()) as Read;
    const missing = await act(owner.key, draft.read_id, "submit");
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as ApiError;
    expect(body.detail.status).toBe("read_metadata_missing");
    for (const field of ["description", "genres", "cover image", "isbn_number", "finished conversion"]) expect(body.detail.message).toContain(field);

    // Another workspace can neither make a read of the project nor see or move the read.
    const other = await account("pub-other@example.com");
    await agree(other.key);
    expect(await status(await createRead(other.key, bare))).toBe("project_not_found");
    expect((await api(`/v1/publishing/reads/${draft.read_id}`, { key: other.key })).status).toBe(404);
    expect((await act(other.key, draft.read_id, "submit")).status).toBe(404);
    expect((await api(`/v1/publishing/reads/${draft.read_id}/metrics`, { key: other.key })).status).toBe(404);
    expect(await status(await api("/v1/publishing/collections", { method: "POST", key: other.key, json: { name: "Mine", read_ids: [draft.read_id] } }))).toBe("read_not_found");

    // Capacity: the free plan holds one read in review or published.
    const first = (await (await createRead(owner.key, await project(owner.key, owner.workspace, BOOK))).json()) as Read;
    const second = (await (await createRead(owner.key, await project(owner.key, owner.workspace, BOOK))).json()) as Read;
    await env.DB.prepare("UPDATE workspaces SET tier = 'free' WHERE id = ?").bind(owner.workspace).run();
    expect((await act(owner.key, first.read_id, "submit")).status).toBe(200);
    const full = await act(owner.key, second.read_id, "submit");
    expect(full.status).toBe(403);
    expect(await status(full)).toBe("publishing_capacity_reached");
    expect((await api("/v1/publishing/capacity", { key: owner.key }).then((r) => r.json()))).toEqual({ used: 1, limit: 1 });

    // Collections: published reads only in the reader catalogue's shelf.
    await act(owner.key, first.read_id, "approve");
    const collection = (await (await api("/v1/publishing/collections", { method: "POST", key: owner.key, json: { name: "Sea stories", read_ids: [first.read_id, second.read_id] } })).json()) as { collection_id: string };
    const shelf = await reader(`/reads/collections/${collection.collection_id}`);
    expect(shelf.status).toBe(200);
    const shelfHtml = await shelf.text();
    expect(shelfHtml).toContain("Sea stories");
    expect(shelfHtml).toContain(`/reads/${first.read_id}`);
    expect(shelfHtml).not.toContain(`/reads/${second.read_id}`);
  }, 30_000);
});

describe("public profiles", () => {
  const setHandle = (key: string, handle: string) => api("/v1/publishing/profile", { method: "POST", key, json: { profile_page_handle: handle } });

  it("validates handles, keeps them unique, shows shared voices and published reads, and redirects an old handle", async () => {
    const ada = await account("profile-ada@example.com");
    const ben = await account("profile-ben@example.com");
    for (const [handle, expected] of [["ab", "handle_invalid"], ["9lives", "handle_invalid"], ["has space", "handle_invalid"], ["x".repeat(31), "handle_invalid"], ["admin", "handle_reserved"], ["Reader", "handle_reserved"]] as const) {
      const answer = await setHandle(ada.key, handle);
      expect(answer.status).toBe(400);
      expect(await status(answer)).toBe(expected);
    }
    const set = await setHandle(ada.key, "@Ada_Lane");
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ profile_page_handle: "ada_lane", profile_url: `${ORIGIN}/profiles/ada_lane` });
    const taken = await setHandle(ben.key, "ada_lane");
    expect(taken.status).toBe(409);
    expect(await status(taken)).toBe("handle_taken");

    // Her shared voice and her published read are on the page.
    await env.DB.prepare("UPDATE voices SET sharing_status = NULL WHERE created_by_user_id = ?").bind(ada.userId).run();
    await env.DB.prepare(
      "INSERT INTO voices (voice_id, workspace_id, name, category, labels, language, engine, engine_parameters, sharing_status, public_owner_id, shared_at, created_by_user_id) VALUES ('profvoice0000000001', ?, 'Harbour Voice', 'generated', '{}', 'en', 'embedded', '{}', 'enabled', 'x', unixepoch(), ?)",
    )
      .bind(ada.workspace, ada.userId)
      .run();
    await agree(ada.key);
    const read = (await (await createRead(ada.key, await project(ada.key, ada.workspace, BOOK))).json()) as Read;
    await act(ada.key, read.read_id, "submit");
    await act(ada.key, read.read_id, "approve");
    const page = await SELF.fetch(`${ORIGIN}/profiles/ada_lane`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Harbour Voice");
    expect(html).toContain(BOOK.title);

    // A new handle: the old one redirects to it, and nobody else may take the old one meanwhile.
    expect((await setHandle(ada.key, "ada-lane")).status).toBe(200);
    const moved = await SELF.fetch(`${ORIGIN}/profiles/ada_lane`, { redirect: "manual" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/profiles/ada-lane");
    expect(await status(await setHandle(ben.key, "ada_lane"))).toBe("handle_taken");
    // After the redirect's time the old handle is free again.
    await env.DB.prepare("UPDATE profile_handle_redirects SET redirect_until = unixepoch() - 1 WHERE handle = 'ada_lane'").run();
    expect((await SELF.fetch(`${ORIGIN}/profiles/ada_lane`, { redirect: "manual" })).status).toBe(404);
    expect((await setHandle(ben.key, "ada_lane")).status).toBe(200);
    // Changing it on the settings page works the same.
    const viaPage = await SELF.fetch(`${ORIGIN}/app/profiles`, { ...form({ profile_page_handle: "admin" }), headers: { ...(form({}).headers as Record<string, string>), cookie: ada.cookie } });
    expect(viaPage.status).toBe(400);
    expect(await viaPage.text()).toContain("reserved");
  }, 30_000);
});
