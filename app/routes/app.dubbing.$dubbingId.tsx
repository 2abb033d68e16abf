import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { addableDubLanguages, addDubLanguage, dubListItem, dubOutputs, dubSegments, dubSpeakers, findDub, removeDubLanguage, saveAllAndRedub, studioState, typableLanguage } from "~/dubbing/dubbing.server";
import { canUseDubbingStudio } from "../../core/dubbing/dub-rules";
import { MAX_LINE_CHARACTERS, redubCredits, STUDIO_TEXTS, studioLanguages, TYPED_LINE_FIELD } from "~/dubbing/rules/studio";
import { DubView } from "~/dubbing/components/dub-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.dub.name ?? "Dub"} · Dubbing · ${PRODUCT_NAME}` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const row = await findDub(env, viewer, params.dubbingId ?? "");
  if (!row) throw new Response("Dub not found", { status: 404 });
  const outputs = dubOutputs(row);
  const segments = dubSegments(row);
  const studioAllowed = canUseDubbingStudio(viewer.membership.workspace.tier);
  const inStudio = row.status === "dubbed" && studioAllowed;
  // The studio's language switch (?language=): one of the dub's target languages, its first by default.
  const languages = studioLanguages(segments, row.targetLang);
  const query = new URL(request.url).searchParams;
  const asked = query.get("language")?.toLowerCase() ?? "";
  // ?type=<code>: the person types that language's translations before it is added (decision 0072).
  const typing = inStudio ? typableLanguage(row, query.get("type") ?? "") : null;
  const removed = query.get("removed")?.toLowerCase() ?? "";
  const redubbed = Number(query.get("redubbed") ?? "");
  return {
    dub: dubListItem(row),
    outputs: Object.entries(outputs).map(([language, output]) => ({ language, hasVideo: output.videoKey !== null, videoType: output.videoContentType })),
    segments,
    speakers: dubSpeakers(row).map((s) => ({ id: s.id, name: s.name, pitchHz: s.pitchHz, variant: s.voice.variant, voiceId: s.voiceId ?? null })),
    languages,
    studio: inStudio ? { ...(await studioState(env, viewer, row)), language: languages.includes(asked) ? asked : row.targetLang, adding: { ...(await addableDubLanguages(env, row)), credits: redubCredits(segments, ["new"]) }, typing, removed: removed && !languages.includes(removed) ? removed : null, redubbed: Number.isInteger(redubbed) && redubbed > 0 ? redubbed : null } : null,
    studioAllowed,
  };
}

const language = z.string().trim().min(1, "Choose a language.").max(20, "A language code has at most 20 characters.");
const intentForm = z.object({ intent: z.enum(["add-language", "add-typed-language", "remove-language", "save-all"], { message: "Unknown action." }) });
const addLanguageForm = z.object({ language: z.string().trim().min(1, "Choose a language to add.").max(20) });
const typedLanguageForm = z.object({
  language,
  lines: z.record(z.string().min(1).max(100), z.string().trim().min(1, STUDIO_TEXTS.typeEveryLine).max(MAX_LINE_CHARACTERS, `A line holds at most ${MAX_LINE_CHARACTERS} characters.`)).refine((lines) => Object.keys(lines).length > 0, STUDIO_TEXTS.typeEveryLine),
});
const removeLanguageForm = z.object({ language });
// Decision 0083: every line of the language shown, as the editor holds it (an empty one is a line still waiting).
const saveAllForm = z.object({
  language,
  version: z.coerce.number({ message: "The page's version is missing: load the page again." }).int().min(0),
  lines: z.record(z.string().min(1).max(100), z.string().max(MAX_LINE_CHARACTERS, `A line holds at most ${MAX_LINE_CHARACTERS} characters.`)).refine((lines) => Object.keys(lines).length > 0, "No lines were sent."),
});

type Failure = { intent: string; error: string; language?: string; lines?: Record<string, string>; typable?: boolean };
const failed = (failure: Failure, status: number) => Response.json(failure, { status });
const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? "Unknown action.";

/**
 * The studio editor's language changes, each the API's own call so the editor and the SDK refuse alike: add a
 * language (decision 0068; one no engine translates into goes to ?type= first), add one with the person's typed
 * translations, remove one (the last is refused), decision 0072; save every edited line of a language and re-dub
 * its changed segments (the API's dubbing.resource.dub with the lines, decision 0083). Without JavaScript the
 * forms post here and land.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const id = params.dubbingId ?? "";
  const row = await findDub(env, viewer, id);
  if (!row) throw new Response("Dub not found", { status: 404 });
  const form = await readForm(request);
  const values: Record<string, string> = {};
  const lines: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (key.startsWith(TYPED_LINE_FIELD)) lines[key.slice(TYPED_LINE_FIELD.length)] = value;
    else values[key] = value;
  }
  const intent = intentForm.safeParse(values);
  if (!intent.success) return failed({ intent: "", error: firstIssue(intent.error) }, 400);
  const dial = context.dial ?? fetch;
  switch (intent.data.intent) {
    case "add-language": {
      const parsed = addLanguageForm.safeParse(values);
      if (!parsed.success) return failed({ intent: "add-language", error: firstIssue(parsed.error) }, 400);
      const code = parsed.data.language.toLowerCase();
      // A language the speech engine speaks and no translator reaches: the person types its lines first.
      if ((await addableDubLanguages(env, row)).untranslatable.some((l) => l.code === code)) return redirect(`/app/dubbing/${id}?type=${code}`);
      const added = await addDubLanguage(dial, request, id, parsed.data.language);
      // A translator that turns the pair down (422): the person may type the lines instead.
      if (!added.ok) return failed({ intent: "add-language", error: added.message, language: parsed.data.language, typable: added.httpStatus === 422 && typableLanguage(row, code) !== null }, added.httpStatus);
      return redirect(`/app/dubbing/${id}?language=${added.code}&added=1`);
    }
    case "add-typed-language": {
      const parsed = typedLanguageForm.safeParse({ ...values, lines });
      if (!parsed.success) return failed({ intent: "add-typed-language", error: firstIssue(parsed.error), language: values.language, lines }, 400);
      const added = await addDubLanguage(dial, request, id, parsed.data.language, parsed.data.lines);
      if (!added.ok) return failed({ intent: "add-typed-language", error: added.message, language: parsed.data.language, lines }, added.httpStatus);
      return redirect(`/app/dubbing/${id}?language=${added.code}&added=typed`);
    }
    case "save-all": {
      const parsed = saveAllForm.safeParse({ ...values, lines });
      if (!parsed.success) return failed({ intent: "save-all", error: firstIssue(parsed.error), language: values.language, lines }, 400);
      const code = parsed.data.language.toLowerCase();
      const saved = await saveAllAndRedub(dial, request, id, code, parsed.data.lines, parsed.data.version);
      if (!saved.ok) return failed({ intent: "save-all", error: saved.message, language: code, lines }, saved.httpStatus);
      return redirect(`/app/dubbing/${id}?language=${encodeURIComponent(code)}&redubbed=${saved.redubbed}`);
    }
    case "remove-language": {
      const parsed = removeLanguageForm.safeParse(values);
      if (!parsed.success) return failed({ intent: "remove-language", error: firstIssue(parsed.error) }, 400);
      const code = parsed.data.language.toLowerCase();
      const removed = await removeDubLanguage(dial, request, id, code);
      if (!removed.ok) return failed({ intent: "remove-language", error: removed.message, language: code }, removed.httpStatus);
      return redirect(`/app/dubbing/${id}?removed=${encodeURIComponent(code)}`);
    }
  }
}

export default function DubPage() {
  const data = useLoaderData<typeof loader>();
  return <DubView {...data} />;
}
