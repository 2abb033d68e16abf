import { Copy } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Card, CardContent } from "~/common/ui/card";
import { useToast } from "~/common/components/toasts";

/** A new key or signing secret, shown once after it is made (it is stored hashed), with a copy button. */
export function SecretShownOnce({ message, secret, copied, testId }: { message: string; secret: string; copied: string; testId: string }) {
  const toast = useToast();
  return (
    <Card role="status" data-testid={testId} className="border-accent/40 bg-accent-soft">
      <CardContent className="flex flex-col gap-3 pt-5 text-sm">
        <p className="font-medium">{message}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 break-all rounded-lg border border-border bg-card px-3 py-2 font-mono" data-testid={`${testId}-value`}>
            {secret}
          </code>
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret).then(() => toast.show(copied, "success"))}>
            <Copy aria-hidden="true" /> Copy
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
