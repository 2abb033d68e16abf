import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import * as pronunciation from "~/pronunciation/pronunciation.server";
import type { DictionaryRow } from "~/pronunciation/pronunciation.server";
import { MAX_RULES, MAX_RULE_TEXT, mergeRules, removeRules, ruleProblems, withDefaults, type PronunciationRule } from "../../core/pronunciation/rules";
import { parsePls, toPls } from "../../core/pronunciation/pls";
import { DICTIONARY_NAME_MAX, PLS_MAX_BYTES } from "~/pronunciation/rules/dictionaries";

const doc = apiDocs("Pronunciation dictionaries");

const ruleText = z.string().min(1, "string_to_replace must not be empty").max(MAX_RULE_TEXT);
const flags = { case_sensitive: z.boolean().nullish().transform((v) => v ?? undefined), word_boundaries: z.boolean().nullish().transform((v) => v ?? undefined) };
const rule = z.discriminatedUnion("type", [
  z.object({ type: z.literal("alias"), string_to_replace: ruleText, alias: z.string().max(MAX_RULE_TEXT), ...flags }),
  z.object({ type: z.literal("phoneme"), string_to_replace: ruleText, phoneme: z.string().min(1).max(MAX_RULE_TEXT), alphabet: z.string().max(40), ...flags }),
]);
const rules = z.array(rule).max(MAX_RULES);
const name = z.string().trim().min(1, "name must not be empty").max(DICTIONARY_NAME_MAX);
const access = z.enum(["admin", "editor", "commenter", "viewer"]).nullish();
const idParam = z.object({ pronunciation_dictionary_id: z.string().min(1).max(100) });

const notFound = (c: Context) => apiError(c, 404, "pronunciation_dictionary_not_found", "Pronunciation dictionary not found");
const invalidRules = (c: Context, problems: string[]) => apiError(c, 400, "invalid_pronunciation_rules", problems.join(" "));

function metadataJson(d: DictionaryRow, rulesNum: number) {
  return {
    id: d.id,
    latest_version_id: d.latestVersionId,
    latest_version_rules_num: rulesNum,
    name: d.name,
    permission_on_resource: "admin",
    created_by: d.createdByUserId,
    creation_time_unix: d.creationTimeUnix,
    archived_time_unix: d.archivedTimeUnix,
    description: d.description,
  };
}

function addedJson(d: DictionaryRow, rulesNum: number) {
  return { id: d.id, name: d.name, created_by: d.createdByUserId, creation_time_unix: d.creationTimeUnix, version_id: d.latestVersionId, version_rules_num: rulesNum, description: d.description, permission_on_resource: "admin" };
}

async function create(c: Context<AuthedEnv>, input: { name: string; description?: string | null; rules: PronunciationRule[] }) {
  const problems = ruleProblems(input.rules);
  if (problems.length) return invalidRules(c, problems);
  const actor = c.get("caller");
  const created = await pronunciation.createDictionary(database(c.env.DB), actor.membership.workspace.id, actor.user.id, input);
  return c.json(addedJson(created.dictionary, created.rules.length));
}

export const pronunciationApi = new Hono<AuthedEnv>();
pronunciationApi.use("*", requireCaller);

pronunciationApi.post(
  "/add-from-rules",
  doc("Create a pronunciation dictionary from alias and phoneme rules", { success: { description: "JSON: the dictionary and its first version" }, responses: { 400: "invalid_pronunciation_rules" } }),
  valid("json", z.object({ name, description: z.string().max(1000).nullish(), rules, workspace_access: access })),
  (c) => {
    const body = c.req.valid("json");
    return create(c, { name: body.name, description: body.description, rules: body.rules.map(withDefaults) });
  },
);

pronunciationApi.post(
  "/add-from-file",
  doc("Create a pronunciation dictionary from a PLS lexicon file", { success: { description: "JSON: the dictionary and its first version" }, responses: { 400: "invalid_pls_file, invalid_pronunciation_rules" } }),
  valid("form", z.object({ name, description: z.string().max(1000).optional(), workspace_access: access, file: z.any().optional() })),
  async (c) => {
    const form = c.req.valid("form");
    let fileRules: PronunciationRule[] = [];
    if (form.file !== undefined && form.file !== "") {
      if (!(form.file instanceof File)) return apiError(c, 400, "invalid_pls_file", "file must be a .pls lexicon file.");
      if (form.file.size > PLS_MAX_BYTES) return apiError(c, 400, "invalid_pls_file", `The lexicon file must be at most ${PLS_MAX_BYTES / 1024 / 1024} MB.`);
      const parsed = parsePls(await form.file.text());
      if (!parsed.ok) return apiError(c, 400, "invalid_pls_file", parsed.message);
      fileRules = parsed.rules;
    }
    return create(c, { name: form.name, description: form.description, rules: fileRules });
  },
);

const listQuery = z.object({
  cursor: z.string().max(300).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  sort: z.enum(["creation_time_unix", "name"]).default("creation_time_unix"),
  sort_direction: z.enum(["ascending", "descending"]).default("descending"),
  include_archived: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
});

pronunciationApi.get("/", doc("List the workspace's pronunciation dictionaries", { success: { description: "JSON: pronunciation_dictionaries, next_cursor, has_more" } }), valid("query", listQuery), async (c) => {
  const q = c.req.valid("query");
  const page = await pronunciation.listDictionaries(database(c.env.DB), c.get("caller").membership.workspace.id, { cursor: q.cursor, pageSize: q.page_size, sort: q.sort, descending: q.sort_direction === "descending", includeArchived: q.include_archived });
  return c.json({ pronunciation_dictionaries: page.rows.map((d) => metadataJson(d, d.rulesNum)), next_cursor: page.nextCursor, has_more: page.nextCursor !== null });
});

async function dictionaryOf(c: Context<AuthedEnv>, id: string) {
  return pronunciation.findDictionary(database(c.env.DB), c.get("caller").membership.workspace.id, id);
}

pronunciationApi.get("/:pronunciation_dictionary_id", doc("A pronunciation dictionary with the rules of its latest version", { success: { description: "JSON: metadata and rules" }, responses: { 404: "pronunciation_dictionary_not_found" } }), valid("param", idParam), async (c) => {
  const dictionary = await dictionaryOf(c, c.req.valid("param").pronunciation_dictionary_id);
  if (!dictionary) return notFound(c);
  const latest = await pronunciation.latestRules(database(c.env.DB), dictionary);
  return c.json({ ...metadataJson(dictionary, latest.length), rules: latest });
});

pronunciationApi.patch(
  "/:pronunciation_dictionary_id",
  doc("Rename or archive a pronunciation dictionary (its rules and version stay)", { success: { description: "JSON: metadata" }, responses: { 404: "pronunciation_dictionary_not_found" } }),
  valid("param", idParam),
  valid("json", z.object({ name: name.optional(), description: z.string().max(1000).nullish(), archived: z.boolean().optional() })),
  async (c) => {
    const db = database(c.env.DB);
    const dictionary = await dictionaryOf(c, c.req.valid("param").pronunciation_dictionary_id);
    if (!dictionary) return notFound(c);
    const updated = await pronunciation.updateDictionary(db, dictionary, c.req.valid("json"));
    return c.json(metadataJson(updated, await pronunciation.rulesCount(db, updated)));
  },
);

/** set-rules, add-rules and remove-rules: each writes a new version from the latest one's rules. */
const ruleChanges: [string, string, z.ZodType, (existing: PronunciationRule[], body: never) => PronunciationRule[]][] = [
  ["set-rules", "Replace every rule (a new version)", z.object({ rules }), (_existing, body: { rules: z.infer<typeof rules> }) => body.rules.map(withDefaults)],
  ["add-rules", "Add rules; one with the same string_to_replace is replaced (a new version)", z.object({ rules }), (existing, body: { rules: z.infer<typeof rules> }) => mergeRules(existing, body.rules.map(withDefaults))],
  ["remove-rules", "Remove the rules of these strings (a new version)", z.object({ rule_strings: z.array(z.string().max(MAX_RULE_TEXT)).max(MAX_RULES) }), (existing, body: { rule_strings: string[] }) => removeRules(existing, body.rule_strings)],
];
for (const [path, summary, schema, change] of ruleChanges) {
  pronunciationApi.post(
    `/:pronunciation_dictionary_id/${path}`,
    doc(summary, { success: { description: "JSON: id, version_id, version_rules_num" }, responses: { 400: "invalid_pronunciation_rules", 404: "pronunciation_dictionary_not_found" } }),
    valid("param", idParam),
    valid("json", schema),
    async (c) => {
      const db = database(c.env.DB);
      const dictionary = await dictionaryOf(c, c.req.valid("param").pronunciation_dictionary_id);
      if (!dictionary) return notFound(c);
      const next = change(await pronunciation.latestRules(db, dictionary), c.req.valid("json") as never);
      const problems = ruleProblems(next);
      if (problems.length) return invalidRules(c, problems);
      const version = await pronunciation.replaceRules(db, dictionary, next);
      return c.json({ id: dictionary.id, version_id: version.versionId, version_rules_num: version.rulesNum });
    },
  );
}

pronunciationApi.get(
  "/:pronunciation_dictionary_id/:version_id/download",
  doc("The PLS lexicon of one version", { success: { description: "application/pls+xml" }, responses: { 404: "pronunciation_dictionary_not_found" } }),
  valid("param", idParam.extend({ version_id: z.string().min(1).max(100) })),
  async (c) => {
    const { pronunciation_dictionary_id: id, version_id } = c.req.valid("param");
    const found = await pronunciation.versionRules(database(c.env.DB), c.get("caller").membership.workspace.id, id, version_id);
    if (!found) return notFound(c);
    return c.body(toPls(found), 200, { "content-type": "application/pls+xml", "content-disposition": `attachment; filename="${id}_${version_id}.pls"` });
  },
);
