import { Form, useFetcher } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { LONG_TEXT_SUGGESTION, projectNameFromText } from "../../../core/studio/studio-rules";

/**
 * The text-to-speech page's suggestion for long text (prompts_shown.long_content_use_projects): create a Studio
 * project from the text (the Studio page's own create action splits it into chapters), or close it for good.
 */
export function StudioSuggestion({ text, dismissIntent }: { text: string; dismissIntent: string }) {
  const close = useFetcher();
  if (close.state !== "idle") return null;
  return (
    <Card className="flex flex-wrap items-center gap-3 p-3" data-testid="studio-suggestion" role="note" aria-label="Studio suggestion">
      <BookOpen aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <p className="min-w-0 flex-1 text-sm text-muted-foreground">{LONG_TEXT_SUGGESTION}</p>
      <div className="flex shrink-0 gap-2">
        <close.Form method="post">
          <input type="hidden" name="intent" value={dismissIntent} />
          <Button type="submit" variant="ghost" size="sm">
            Don’t suggest again
          </Button>
        </close.Form>
        <Form method="post" action="/app/studio">
          <input type="hidden" name="mode" value="text" />
          <input type="hidden" name="name" value={projectNameFromText(text)} />
          <input type="hidden" name="text" value={text} />
          <Button type="submit" size="sm" variant="secondary">
            Create a Studio project
          </Button>
        </Form>
      </div>
    </Card>
  );
}
