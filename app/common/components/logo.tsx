import { Link } from "@remix-run/react";
import { PRODUCT_NAME } from "../../../core/brand";

/**
 * The product mark and name, linking home: the public header, the app shell and the sign-in pages show it.
 * `alwaysNamed` keeps the name on the narrowest phones where nothing else competes for the row.
 */
export function Logo({ alwaysNamed = false }: { alwaysNamed?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <span aria-hidden className="inline-block h-6 w-6 rounded-md bg-gradient-to-br from-violet-500 to-sky-400" />
      {/* On the narrowest phones the mark alone leaves room for the sign-in buttons. */}
      <span className={alwaysNamed ? undefined : "max-xs:sr-only"}>{PRODUCT_NAME}</span>
    </Link>
  );
}
