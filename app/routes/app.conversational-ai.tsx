import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import { Bot } from "lucide-react";
import { ErrorPage, NotFoundPage, RefusedPage } from "~/common/components/error-pages";

/** The agents pages' layout: it only catches the conversational_ai refusal their loaders and actions throw. */
export default function ConversationalAi() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    const message = typeof error.data?.message === "string" ? error.data.message : String(error.data);
    return (
      <RefusedPage title="Agents" testId="agents-refused" icon={<Bot />}>
        {message}
      </RefusedPage>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
