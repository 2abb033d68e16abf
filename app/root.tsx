import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ToastProvider } from "~/common/components/toasts";
import { NotFoundPage, ErrorPage } from "~/common/components/error-pages";
import { PRODUCT_NAME } from "../core/brand";
import { captureAttribution } from "~/accounts/browser/attribution";
import { useNonce } from "~/common/components/nonce";
import { ThemeScript } from "~/common/components/theme";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }];

/** Only the origin, for absolute canonical and Open Graph URLs: nothing per visitor, so public pages stay cacheable. */
export function loader({ request }: LoaderFunctionArgs) {
  return { origin: new URL(request.url).origin };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {/* No tooltip provider here: each Tooltip carries its own, so public pages do not load Radix's tooltip. */}
        <ToastProvider>{children}</ToastProvider>
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  // Where this visit came from (referral link, ad click), remembered on the first page of any visit.
  useEffect(() => captureAttribution(), []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage />;
}
