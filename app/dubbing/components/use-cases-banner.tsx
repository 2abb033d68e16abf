import { useFetcher } from "@remix-run/react";
import { Languages, X } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import type { dubbingUseCases } from "../../../core/dubbing/dub-rules";

/**
 * The dubbing page's banner of what a dub is for (prompts_shown.dubbing_use_cases_banner, decision 0067). Closing it
 * posts `dismissIntent` to the page's action, which marks the prompt shown for good; without JavaScript the form
 * posts and the page comes back without it.
 */
export function DubbingUseCasesBanner({ useCases, dismissIntent }: { useCases: ReturnType<typeof dubbingUseCases>; dismissIntent: string }) {
  const close = useFetcher();
  if (close.state !== "idle") return null;
  return (
    <Card className="flex gap-3 p-4" data-testid="dubbing-use-cases" role="note" aria-labelledby="dubbing-use-cases-title">
      <Languages aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        <h2 id="dubbing-use-cases-title" className="font-semibold">
          {useCases.title}
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          {useCases.uses.map((use) => (
            <li key={use}>{use}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">{useCases.languages}</p>
      </div>
      <close.Form method="post" className="shrink-0">
        <input type="hidden" name="intent" value={dismissIntent} />
        <Button type="submit" variant="ghost" size="icon-sm" aria-label="Close and don’t show again">
          <X aria-hidden="true" />
        </Button>
      </close.Form>
    </Card>
  );
}
