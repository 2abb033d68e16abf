import { Form } from "@remix-run/react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";

type AddFormCardProps = {
  title: string;
  description: ReactNode;
  /** The action's intent posted with the fields. */
  intent: string;
  testId: string;
  /** The submit button's icon and words. */
  icon: LucideIcon;
  action: string;
  busy: boolean;
  /** The action's refusal of the whole form, shown above the button. */
  error?: ReactNode;
  /** A new key remounts the form, clearing what was typed (after a secret is stored, say). */
  resetKey?: string;
  autoComplete?: "off";
  /** The fields, two columns from md up. */
  children: ReactNode;
};

/** The card above an agents-area list that adds one item to it: a plain post, so it works before the page's scripts. */
export function AddFormCard({ title, description, intent, testId, icon: Icon, action, busy, error, resetKey, autoComplete, children }: AddFormCardProps) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent>
        <Form key={resetKey} method="post" className="grid gap-3 md:grid-cols-2" noValidate data-testid={testId} autoComplete={autoComplete}>
          <input type="hidden" name="intent" value={intent} />
          {children}
          <div className="flex flex-col gap-2 md:col-span-2">
            {error}
            <Button type="submit" disabled={busy} className="self-start">
              <Icon aria-hidden="true" /> {action}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
