import { Form, Link, useNavigation } from "@remix-run/react";
import { BookOpen, FileUp, Link2, Plus, Type } from "lucide-react";
import { useState } from "react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { Dialog } from "~/common/ui/dialog";
import { EmptyState, Hint, Meter } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/common/ui/tabs";
import { DOCUMENT_ACCEPT } from "~/studio/rules/documents";

export type ProjectCard = { id: string; name: string; chapters: number; converted: number; state: string; coverUrl: string; createdUnix: number; author: string | null };

/** The workspace's projects, newest first, each with its conversion progress and cover. */
export function ProjectList({ projects }: { projects: ProjectCard[] }) {
  if (projects.length === 0) {
    return (
      <EmptyState icon={<BookOpen aria-hidden="true" />} title="No projects yet">
        Create a project from scratch, paste text or import a document (plain text, Markdown, HTML or EPUB), or make a podcast of an article.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
      {projects.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full gap-4 p-4">
            <div className="flex h-24 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground">
              {p.coverUrl ? <img src={p.coverUrl} alt="" className="h-full w-full object-cover" /> : <BookOpen aria-hidden="true" />}
            </div>
            <div className="min-w-0 flex-1 space-y-2">
              <Link to={`/app/studio/${p.id}`} className="block truncate font-medium text-foreground hover:underline">
                {p.name}
              </Link>
              {p.author ? <p className="truncate text-sm text-muted-foreground">{p.author}</p> : null}
              <p className="text-sm text-muted-foreground">
                {p.chapters} {p.chapters === 1 ? "chapter" : "chapters"}
                {p.state !== "default" ? (
                  <Badge tone="accent" className="ml-2">
                    Converting
                  </Badge>
                ) : null}
              </p>
              <Meter progress label={`${p.name}: chapters converted`} value={p.converted} max={Math.max(1, p.chapters)} valueText={`${p.converted} of ${p.chapters} chapters converted`} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** New project: blank, from pasted text, or from an uploaded document; the server splits it into chapters. */
export function NewProjectButton({ error, atLimit, limit, dictionaries }: { error: string | null; atLimit: boolean; limit: number; dictionaries: { id: string; name: string }[] }) {
  const [open, setOpen] = useState(Boolean(error));
  const [mode, setMode] = useState("blank");
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={atLimit} title={atLimit ? `Your plan allows ${limit} projects` : undefined}>
        <Plus aria-hidden="true" />
        New project
      </Button>
      {open ? (
        <Dialog title="New project" description="Start blank, paste text, or import a document or web page: headings become chapters." onClose={() => setOpen(false)} testId="new-project-dialog">
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <input type="hidden" name="mode" value={mode} />
            <div className="space-y-1">
              <Label htmlFor="project-name">Name</Label>
              <Input id="project-name" name="name" required maxLength={200} placeholder="My audiobook" />
            </div>
            <Tabs value={mode} onValueChange={setMode}>
              <TabsList label="Start from">
                <TabsTrigger value="blank">
                  <Plus aria-hidden="true" className="size-4" /> Blank
                </TabsTrigger>
                <TabsTrigger value="text">
                  <Type aria-hidden="true" className="size-4" /> Text
                </TabsTrigger>
                <TabsTrigger value="upload">
                  <FileUp aria-hidden="true" className="size-4" /> Upload
                </TabsTrigger>
                <TabsTrigger value="url">
                  <Link2 aria-hidden="true" className="size-4" /> URL
                </TabsTrigger>
              </TabsList>
              <TabsContent value="blank">
                <p className="pt-3 text-sm text-muted-foreground">An empty project with one chapter to write in.</p>
              </TabsContent>
              <TabsContent value="text">
                <div className="space-y-1 pt-3">
                  <Label htmlFor="project-text">Text</Label>
                  <Textarea id="project-text" name="text" rows={8} placeholder={"Chapter One\n\nParagraphs separated by blank lines…"} required={mode === "text"} />
                  <Hint>Blank lines separate paragraphs; a line such as “Chapter Two” starts a chapter.</Hint>
                </div>
              </TabsContent>
              <TabsContent value="upload">
                <div className="space-y-1 pt-3">
                  <Label htmlFor="project-document">Document</Label>
                  <Input id="project-document" name="document" type="file" accept={DOCUMENT_ACCEPT} required={mode === "upload"} className="py-1.5" />
                  <Hint>Plain text, Markdown, HTML or EPUB, up to 10 MB. Headings (or the EPUB’s spine) become chapters.</Hint>
                </div>
              </TabsContent>
              <TabsContent value="url">
                <div className="space-y-1 pt-3">
                  <Label htmlFor="project-url">Page address</Label>
                  <Input id="project-url" name="url" type="url" inputMode="url" placeholder="https://example.com/story.html" required={mode === "url"} maxLength={2000} />
                  <Hint>Our server fetches the page (HTML, plain text, Markdown or EPUB) from a public address; its headings become chapters.</Hint>
                </div>
              </TabsContent>
            </Tabs>
            {dictionaries.length ? (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium">Pronunciation dictionaries</legend>
                {dictionaries.map((d) => (
                  <label key={d.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="dictionary_id" value={d.id} className="size-4 accent-[var(--color-accent)]" />
                    {d.name}
                  </label>
                ))}
                <Hint>Their rules apply to every paragraph of the project when it is converted.</Hint>
              </fieldset>
            ) : null}
            {error ? (
              <Hint tone="error" id="new-project-error">
                {error}
              </Hint>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Creating…" : "Create project"}
              </Button>
            </div>
          </Form>
        </Dialog>
      ) : null}
    </>
  );
}
