import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { FolderHeart, Library, Search } from "lucide-react";
import { useRef } from "react";
import { z } from "zod";
import { LinkButton } from "~/common/ui/button";
import { EmptyState } from "~/common/ui/feedback";
import { Input } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { LIBRARY_SETTING_TEXTS, mayUseLibrary } from "../../core/workspace/library-settings";
import { languageName } from "~/speech/rules/languages";
import { requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { LibraryVoiceCard, type AddVoiceResult } from "~/voices/components/library-voice-card";
import { FindSimilarVoices } from "~/voices/components/similar-voices";
import { libraryVoiceOption } from "~/voices/library-json";
import { copyName, SHARED_SORTS, VOICE_NAME_MAX } from "~/voices/rules/voice-library";
import { LIBRARY_AGES, LIBRARY_PAGE_SIZE, LIBRARY_SORT_LABELS, LIBRARY_USE_CASES } from "~/voices/rules/library-page";
import { ENGINE_LANGUAGES } from "../../core/voices/voice-rules";
import { addSharedVoice, sharedVoicePage, voiceFlags } from "~/voices/voices.server";

export const meta: MetaFunction = () => [{ title: `Voice Library · ${PRODUCT_NAME}` }];

/** The filters; anything unknown is simply no filter. */
const libraryQuery = z.object({
  search: z.string().trim().max(100).catch(""),
  language: z.enum(ENGINE_LANGUAGES).or(z.literal("")).catch(""),
  gender: z.enum(["female", "male", ""]).catch(""),
  age: z.enum(LIBRARY_AGES).or(z.literal("")).catch(""),
  use_case: z.enum(LIBRARY_USE_CASES).or(z.literal("")).catch(""),
  sort: z.enum(SHARED_SORTS).catch("created_date"),
  page: z.coerce.number().int().min(0).max(1000).catch(0),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const params = new URL(request.url).searchParams;
  const query = libraryQuery.parse(Object.fromEntries(["search", "language", "gender", "age", "use_case", "sort", "page"].map((key) => [key, params.get(key) ?? ""])));
  const page = await sharedVoicePage(context.cloudflare.env, viewer, {
    search: query.search || undefined,
    gender: query.gender || undefined,
    age: query.age || undefined,
    language: query.language || undefined,
    useCases: query.use_case ? [query.use_case] : [],
    descriptives: [],
    includeLiveModerated: true,
    sort: query.sort,
    page: query.page,
    pageSize: LIBRARY_PAGE_SIZE,
  });
  const flags = await voiceFlags(context.cloudflare.env, page.voices);
  return {
    query,
    voices: page.voices.map((voice) => libraryVoiceOption(voice, viewer.membership.workspace.id, flags)),
    total: page.total,
    hasMore: page.hasMore,
    // The workspace's voice-library settings may keep members from adding (the server refuses it too).
    addingOff: !mayUseLibrary(viewer.membership.role, viewer.membership.workspace, "add"),
  };
}

const addForm = z.object({
  intent: z.literal("add"),
  public_user_id: z.string().max(100),
  voice_id: z.string().min(1).max(100),
  new_name: z.string().max(VOICE_NAME_MAX * 2),
});

/** Add (from this page and from a shared voice's link): copies the voice into the viewer's workspace. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, addForm);
  if (!parsed.ok) return Response.json({ intent: "add", ok: false, error: "This voice could not be added: reload the page and try again." } satisfies AddVoiceResult, { status: 400 });
  const name = copyName(parsed.data.new_name);
  if (name === null) return Response.json({ intent: "add", ok: false, error: `Give the voice a name of 1 to ${VOICE_NAME_MAX} characters.` } satisfies AddVoiceResult, { status: 400 });
  const added = await addSharedVoice(context.cloudflare.env, viewer, parsed.data.public_user_id, parsed.data.voice_id, name);
  if (!added.ok) return Response.json({ intent: "add", ok: false, error: added.refusal.message } satisfies AddVoiceResult, { status: added.refusal.httpStatus });
  return { intent: "add", ok: true, name, voiceId: added.voiceId } satisfies AddVoiceResult;
}

// Radix Select items cannot have an empty value: "no filter" is sent as this, which the loader reads as no filter.
const ANY = "any";
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, " ");

export default function VoiceLibrary() {
  const { query, voices, total, hasMore, addingOff } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = (field: string, value: string) => {
    const data = new FormData(form.current ?? undefined);
    data.set(field, value);
    data.delete("page");
    for (const [key, entry] of [...data.entries()]) if (entry === "" || entry === ANY || (key === "sort" && entry === "created_date")) data.delete(key);
    submit(data, { replace: true });
  };
  const pageHref = (page: number) => {
    const params = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (value === "" || key === "page" || (key === "sort" && value === "created_date") ? [] : [[key, String(value)]])));
    if (page > 0) params.set("page", String(page));
    return `?${params}`;
  };
  const filter = (name: keyof typeof query, label: string, options: readonly string[], render: (value: string) => string, width: string) => (
    <div>
      <span className="mb-1 block text-xs text-muted-foreground" aria-hidden="true">
        {label}
      </span>
      <Select
        label={label}
        name={name}
        className={width}
        defaultValue={String(query[name]) || ANY}
        onValueChange={(value) => apply(name, value)}
        options={[{ value: ANY, label: `Any ${label.toLowerCase()}` }, ...options.map((value) => ({ value, label: render(value) }))]}
      />
    </div>
  );
  return (
    <Page
      title="Voice Library"
      description="Voices other workspaces shared. Preview one in the player, then add it to your voices under a name of your own."
      width="wide"
      actions={
        <>
          <FindSimilarVoices />
          <LinkButton to="/app/voice-library/collections" variant="secondary">
            <FolderHeart aria-hidden="true" /> My voices and collections
          </LinkButton>
        </>
      }
    >
      {addingOff ? (
        <p role="status" data-testid="library-adding-off" className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
          {LIBRARY_SETTING_TEXTS.addRefused}
        </p>
      ) : null}
      <Form ref={form} method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="min-w-48 flex-1">
          <span className="mb-1 block text-xs text-muted-foreground">Search</span>
          <span className="relative block">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input type="search" name="search" defaultValue={query.search} placeholder="Name, accent, description…" className="pl-9" onChange={(e) => apply("search", e.currentTarget.value)} />
          </span>
        </label>
        {filter("language", "Language", ENGINE_LANGUAGES, languageName, "w-40")}
        {filter("gender", "Gender", ["female", "male"], capitalised, "w-36")}
        {filter("age", "Age", LIBRARY_AGES, capitalised, "w-36")}
        {filter("use_case", "Use case", LIBRARY_USE_CASES, capitalised, "w-40")}
        <div>
          <span className="mb-1 block text-xs text-muted-foreground" aria-hidden="true">
            Sort
          </span>
          <Select
            label="Sort"
            name="sort"
            className="w-44"
            defaultValue={query.sort}
            onValueChange={(value) => apply("sort", value)}
            options={SHARED_SORTS.map((value) => ({ value, label: LIBRARY_SORT_LABELS[value] }))}
          />
        </div>
        <noscript>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </noscript>
      </Form>
      <p className="text-sm text-muted-foreground" data-testid="library-count">{`${total} ${total === 1 ? "voice" : "voices"}`}</p>
      {voices.length === 0 ? (
        <EmptyState icon={<Library />} title={total === 0 && !query.search ? "No voice is shared yet." : "No voice matches."}>
          {total === 0 && !query.search ? "When a workspace shares one of its voices, it appears here." : "Try fewer words or another filter."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shared voices">
          {voices.map((voice) => (
            <li key={voice.voice_id} className="flex">
              <LibraryVoiceCard voice={voice} />
            </li>
          ))}
        </ul>
      )}
      {query.page > 0 || hasMore ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
          {query.page > 0 ? <Link to={pageHref(query.page - 1)}>Previous page</Link> : <span />}
          <span className="text-muted-foreground">{`Page ${query.page + 1}`}</span>
          {hasMore ? <Link to={pageHref(query.page + 1)}>Next page</Link> : <span />}
        </nav>
      ) : null}
    </Page>
  );
}
