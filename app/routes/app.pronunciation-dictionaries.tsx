import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { dictionariesWithRules, pages } from "~/pronunciation/pronunciation.server";
import { DictionaryCard, NewDictionaryForm, NoDictionaries } from "~/pronunciation/components/dictionaries";
import { DICTIONARY_NAME_MAX, PHONEME_NOTE, PLS_MAX_BYTES } from "~/pronunciation/rules/dictionaries";
import { mergeRules, removeRules, ruleProblems, withDefaults, type PronunciationRule } from "../../core/pronunciation/rules";
import { parsePls } from "../../core/pronunciation/pls";

export const meta: MetaFunction = () => [{ title: `Pronunciation dictionaries · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return { dictionaries: await dictionariesWithRules(context.cloudflare.env, viewer.membership.workspace.id) };
}

type ActionResult = { error: string; dictionaryId: string | null } | null;

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const workspaceId = viewer.membership.workspace.id;
  const form = await readForm(request);
  const intent = form.get("intent");
  const fail = (error: string, dictionaryId: string | null = null) => Response.json({ error, dictionaryId }, { status: 400 });

  if (intent === "create") {
    const name = String(form.get("name") ?? "").trim();
    if (!name || name.length > DICTIONARY_NAME_MAX) return fail(`Give the dictionary a name of at most ${DICTIONARY_NAME_MAX} characters.`);
    let rules: PronunciationRule[] = [];
    const file = form.get("file");
    if (file instanceof File && file.size > 0) {
      if (file.size > PLS_MAX_BYTES) return fail(`The lexicon file must be at most ${PLS_MAX_BYTES / 1024 / 1024} MB.`);
      const parsed = parsePls(await file.text());
      if (!parsed.ok) return fail(parsed.message);
      rules = parsed.rules;
    }
    const problems = ruleProblems(rules);
    if (problems.length) return fail(problems.join(" "));
    await pages.create(env, workspaceId, viewer.user.id, { name, rules });
    return null;
  }

  const dictionaryId = String(form.get("dictionary_id") ?? "");
  const dictionary = await pages.find(env, workspaceId, dictionaryId);
  if (!dictionary) return fail("That dictionary no longer exists.");
  const existing = await pages.latestRules(env, dictionary);
  let next: PronunciationRule[];
  if (intent === "remove-rule") {
    next = removeRules(existing, [String(form.get("string_to_replace") ?? "")]);
  } else if (intent === "add-rule") {
    const text = String(form.get("string_to_replace") ?? "");
    const flags = { case_sensitive: form.get("case_sensitive") === "on", word_boundaries: form.get("word_boundaries") === "on" };
    const rule = form.get("type") === "phoneme"
      ? withDefaults({ type: "phoneme", string_to_replace: text, phoneme: String(form.get("phoneme") ?? ""), alphabet: String(form.get("alphabet") ?? "ipa"), ...flags })
      : withDefaults({ type: "alias", string_to_replace: text, alias: String(form.get("alias") ?? ""), ...flags });
    next = mergeRules(existing, [rule]);
  } else {
    return fail("Unknown action.", dictionaryId);
  }
  const problems = ruleProblems(next);
  if (problems.length) return fail(problems.join(" "), dictionaryId);
  await pages.replaceRules(env, dictionary, next);
  return null;
}

export default function PronunciationDictionaries() {
  const { dictionaries } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const errorFor = (id: string | null) => (result && result.dictionaryId === id ? result.error : null);
  return (
    <Page title="Pronunciation dictionaries" description={PHONEME_NOTE} width="wide">
      <div className="flex flex-col gap-4">
        <NewDictionaryForm error={errorFor(null)} />
        {dictionaries.length ? dictionaries.map((d) => <DictionaryCard key={d.id} dictionary={d} error={errorFor(d.id)} />) : <NoDictionaries />}
      </div>
    </Page>
  );
}
