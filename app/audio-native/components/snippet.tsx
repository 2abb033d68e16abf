import { Copy } from "lucide-react";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";
import { Textarea } from "~/common/ui/input";

/** The snippet to paste into a site's page, with a copy button. */
export function EmbedSnippet({ snippet }: { snippet: string }) {
  const toast = useToast();
  return (
    <div className="space-y-2">
      <Textarea readOnly value={snippet} rows={3} aria-label="Embed snippet" className="font-mono text-xs" data-testid="embed-snippet" />
      <Button variant="secondary" size="sm" onClick={() => void navigator.clipboard?.writeText(snippet).then(() => toast.show("Snippet copied.", "success"))}>
        <Copy aria-hidden="true" className="size-4" /> Copy snippet
      </Button>
    </div>
  );
}
