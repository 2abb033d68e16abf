import { useFetcher } from "@remix-run/react";
import { Button } from "~/common/ui/button";

/** Where "Text me a code" posts: the settings page's action (intent send-sms-code), from any page with a code field. */
const SETTINGS_ACTION = "/app/settings?index";

/**
 * For a sensitive action's code field when texted codes are on: sends one to the enrolled number (`to`, masked)
 * without leaving the page, and says what happened.
 */
export function TextMeACode({ to }: { to: string }) {
  const fetcher = useFetcher<{ notice?: string; errors?: { form?: string } }>();
  const said = fetcher.data?.notice ?? fetcher.data?.errors?.form;
  return (
    <fetcher.Form method="post" action={SETTINGS_ACTION} className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value="send-sms-code" />
      <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"} data-testid="text-me-a-code">
        {`Text a code to ${to}`}
      </Button>
      <span role="status" className="text-muted-foreground">
        {said}
      </span>
    </fetcher.Form>
  );
}
