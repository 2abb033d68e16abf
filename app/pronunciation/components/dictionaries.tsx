import { useState } from "react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Input, Label } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { Badge } from "~/common/ui/badge";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import type { PronunciationRule } from "../../../core/pronunciation/rules";

export type DictionaryView = { id: string; name: string; versionId: string; rules: PronunciationRule[] };

/** Create a dictionary: a name and, optionally, a PLS lexicon to read its rules from. */
export function NewDictionaryForm({ error }: { error: string | null }) {
  return (
    <Card>
      <CardHeader title="New dictionary" description="Start empty and add rules below, or read the rules of a .pls lexicon file." />
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="create" />
          <div className="flex min-w-52 flex-1 flex-col gap-1">
            <Label htmlFor="dictionary-name">Name</Label>
            <Input id="dictionary-name" name="name" required maxLength={200} placeholder="e.g. Place names" />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="dictionary-file">PLS file (optional)</Label>
            <Input id="dictionary-file" name="file" type="file" accept=".pls,.xml,application/pls+xml" />
          </div>
          <Button type="submit">Create</Button>
        </Form>
        {error ? <Hint tone="error" className="mt-2">{error}</Hint> : null}
      </CardContent>
    </Card>
  );
}

function ruleTarget(rule: PronunciationRule): string {
  return rule.type === "alias" ? rule.alias : `${rule.phoneme} (${rule.alphabet})`;
}

export function DictionaryCard({ dictionary, error }: { dictionary: DictionaryView; error: string | null }) {
  const [type, setType] = useState<"alias" | "phoneme">("alias");
  return (
    <Card data-testid="dictionary">
      <CardHeader
        as="h3"
        title={dictionary.name}
        description={`${dictionary.rules.length} ${dictionary.rules.length === 1 ? "rule" : "rules"}`}
        actions={
          <a className={buttonClass("secondary", "", "sm")} href={`/v1/pronunciation-dictionaries/${dictionary.id}/${dictionary.versionId}/download`} download>
            Download .pls
          </a>
        }
      />
      <CardContent className="flex flex-col gap-4">
        {dictionary.rules.length ? (
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Text</TableHeaderCell>
                <TableHeaderCell>Spoken as</TableHeaderCell>
                <TableHeaderCell className="hidden sm:table-cell">Matching</TableHeaderCell>
                <TableHeaderCell><span className="sr-only">Remove</span></TableHeaderCell>
              </TableRow>
            </TableHead>
            <tbody>
              {dictionary.rules.map((rule) => (
                <TableRow key={rule.string_to_replace}>
                  <TableCell>{rule.string_to_replace}</TableCell>
                  <TableCell>
                    <Badge tone={rule.type === "alias" ? "neutral" : "accent"} className="mr-2">{rule.type}</Badge>
                    {ruleTarget(rule)}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">{[rule.case_sensitive ? "case-sensitive" : "any case", rule.word_boundaries ? "whole words" : "anywhere"].join(", ")}</TableCell>
                  <TableCell>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove-rule" />
                      <input type="hidden" name="dictionary_id" value={dictionary.id} />
                      <input type="hidden" name="string_to_replace" value={rule.string_to_replace} />
                      <Button type="submit" variant="ghost" size="sm" aria-label={`Remove the rule for ${rule.string_to_replace}`}>Remove</Button>
                    </Form>
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className="text-sm text-muted-foreground">No rules yet.</p>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-rule" />
          <input type="hidden" name="dictionary_id" value={dictionary.id} />
          <div className="flex flex-col gap-1">
            <Label>Kind</Label>
            <Select label="Kind of rule" name="type" value={type} onValueChange={(v) => setType(v as "alias" | "phoneme")} options={[{ value: "alias", label: "Alias" }, { value: "phoneme", label: "Phonemes" }]} />
          </div>
          <div className="flex min-w-40 flex-1 flex-col gap-1">
            <Label htmlFor={`${dictionary.id}-text`}>Text</Label>
            <Input id={`${dictionary.id}-text`} name="string_to_replace" required maxLength={200} placeholder="e.g. Thailand" />
          </div>
          <div className="flex min-w-40 flex-1 flex-col gap-1">
            <Label htmlFor={`${dictionary.id}-as`}>{type === "alias" ? "Say instead" : "Phonemes"}</Label>
            <Input id={`${dictionary.id}-as`} name={type === "alias" ? "alias" : "phoneme"} required maxLength={200} placeholder={type === "alias" ? "e.g. tie land" : "e.g. ˈtaɪlænd"} />
          </div>
          {type === "phoneme" ? (
            <div className="flex flex-col gap-1">
              <Label>Alphabet</Label>
              <Select label="Phoneme alphabet" name="alphabet" defaultValue="ipa" options={[{ value: "ipa", label: "IPA" }, { value: "cmu-arpabet", label: "CMU ARPAbet" }]} />
            </div>
          ) : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="case_sensitive" defaultChecked /> Case-sensitive
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="word_boundaries" defaultChecked /> Whole words
          </label>
          <Button type="submit" variant="secondary">Add rule</Button>
        </Form>
        {error ? <Hint tone="error">{error}</Hint> : null}
      </CardContent>
    </Card>
  );
}

export function NoDictionaries() {
  return <EmptyState title="No pronunciation dictionaries yet">Create one to change how names and terms are spoken in text to speech and Studio.</EmptyState>;
}

/** A Studio project's dictionaries: the workspace's, ticked when the project applies them. */
export function ProjectDictionaries({ dictionaries, attached }: { dictionaries: { id: string; name: string }[]; attached: string[] }) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  return (
    <details className="rounded-md border border-border p-3 text-sm" data-testid="project-dictionaries">
      <summary className="cursor-pointer font-medium">Pronunciation dictionaries ({attached.length})</summary>
      {dictionaries.length === 0 ? (
        <p className="mt-2 text-muted-foreground">
          None in this workspace yet: <Link className="underline" to="/app/pronunciation-dictionaries">create one</Link>.
        </p>
      ) : (
        <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="dictionaries" />
          {dictionaries.map((d) => (
            <label key={d.id} className="flex items-center gap-2">
              <input type="checkbox" name="dictionary_id" value={d.id} defaultChecked={attached.includes(d.id)} className="size-4 accent-[var(--color-accent)]" /> {d.name}
            </label>
          ))}
          <Button type="submit" size="sm" variant="secondary">Apply</Button>
          <span className="text-muted-foreground">Paragraphs whose spoken text changes are converted again next time.</span>
          {fetcher.data?.error ? <Hint tone="error">{fetcher.data.error}</Hint> : null}
        </fetcher.Form>
      )}
    </details>
  );
}
