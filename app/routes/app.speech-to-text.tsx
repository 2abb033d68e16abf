import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { correctTranscriptWord, renameTranscriptOf, retypeTranscriptPassage, speechToTextPage, undoTranscriptEdit } from "~/transcription/transcription.server";
import { maxTranscriptionSeconds, speakerTurns, TRANSCRIPTION_CREDITS_PER_MINUTE, transcriptListPage } from "~/transcription/rules/transcription";
import { CORRECTED_WORD_MAX_CHARS, RETYPED_PASSAGE_MAX_CHARS, TRANSCRIPT_NAME_MAX_CHARS, TRANSCRIPT_EDIT_TEXTS, transcriptSearch } from "~/transcription/rules/transcript-edits";
import { SpeechToText } from "~/transcription/components/speech-to-text";

export const meta: MetaFunction = () => [{ title: `Speech to Text · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const search = new URL(request.url).searchParams;
  const page = transcriptListPage(search.get("page"));
  if (page === null) throw new Response("page must be a whole number from 1 to 10,000", { status: 400 });
  const q = transcriptSearch(search.get("q"));
  if (q === null) throw new Response(TRANSCRIPT_EDIT_TEXTS.searchTooLong, { status: 400 });
  const transcriptId = search.get("transcript");
  const data = await speechToTextPage(context.cloudflare.env, viewer, { page, search: q, transcriptId });
  if (!data) throw new Response("Transcript not found", { status: 404 });
  // Correcting words (decision 0074): ?edit=1 turns the words into links, ?word=N opens that word's form, ?turn=N
  // that speaker's turn as one passage to retype.
  const editing = Boolean(data.opened) && search.get("edit") === "1";
  const number = (name: string) => (/^\d{1,7}$/.test(search.get(name) ?? "") ? Number(search.get(name)) : null);
  const word = number("word");
  const wordIndex = editing && word !== null && data.opened?.words[word]?.type === "word" ? word : null;
  const turn = number("turn");
  const turnCount = data.opened ? speakerTurns(data.opened.words).length : 0;
  const turnIndex = editing && wordIndex === null && turn !== null && turn < turnCount ? turn : null;
  // ?through=M retypes the turns from ?turn through M as one passage (decision 0093).
  const through = number("through");
  const throughIndex = turnIndex !== null && through !== null && through > turnIndex && through < turnCount ? through : null;
  return { maxSeconds: maxTranscriptionSeconds(viewer.membership.workspace.tier), creditsPerMinute: TRANSCRIPTION_CREDITS_PER_MINUTE, address: { page, search: q, editing, wordIndex, turnIndex, throughIndex }, ...data };
}

const edits = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), id: z.string().min(1).max(100), name: z.string().max(TRANSCRIPT_NAME_MAX_CHARS * 4) }),
  z.object({ intent: z.literal("correct-word"), id: z.string().min(1).max(100), index: z.coerce.number().int().min(0).max(1_000_000), text: z.string().max(CORRECTED_WORD_MAX_CHARS * 4) }),
  z.object({
    intent: z.literal("retype-passage"),
    id: z.string().min(1).max(100),
    first: z.coerce.number().int().min(0).max(1_000_000),
    last: z.coerce.number().int().min(0).max(1_000_000),
    text: z.string().max(RETYPED_PASSAGE_MAX_CHARS * 2),
  }),
  z.object({ intent: z.literal("undo"), id: z.string().min(1).max(100) }),
]);

export type TranscriptEditResult = { intent: string; ok: boolean; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, edits);
  if (!parsed.ok) {
    return Response.json({ intent: String(parsed.form.get("intent") ?? ""), ok: false, error: Object.values(parsed.errors)[0] } satisfies TranscriptEditResult, { status: 422 });
  }
  const input = parsed.data;
  const env = context.cloudflare.env;
  const done =
    input.intent === "rename"
      ? await renameTranscriptOf(env, viewer, input.id, input.name)
      : input.intent === "correct-word"
        ? await correctTranscriptWord(env, viewer, input.id, input.index, input.text)
        : input.intent === "undo"
          ? await undoTranscriptEdit(env, viewer, input.id)
          : await retypeTranscriptPassage(env, viewer, input.id, input.first, input.last, input.text);
  if (!done.ok) return Response.json({ intent: input.intent, ok: false, error: done.refusal.message } satisfies TranscriptEditResult, { status: done.refusal.httpStatus });
  if (input.intent === "rename") return { intent: input.intent, ok: true } satisfies TranscriptEditResult;
  // Back to where the form was, the corrected word's or passage's form closed (with or without scripts).
  const back = new URL(request.url);
  back.searchParams.delete("word");
  back.searchParams.delete("turn");
  back.searchParams.delete("through");
  back.searchParams.delete("index");
  return redirect(back.pathname + back.search);
}

export default function SpeechToTextPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page title="Speech to Text" description="Transcribe a recording, follow the words as it plays, correct them, and export subtitles.">
      <SpeechToText {...data} />
    </Page>
  );
}
