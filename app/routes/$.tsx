import { NotFoundPage } from "~/common/components/error-pages";

// Any path no route claims: a real 404 status, rendered by the root error boundary.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFoundPage />;
}
