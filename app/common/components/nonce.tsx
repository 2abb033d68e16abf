import { createContext, useContext, type ReactNode } from "react";

// Browsers hide a nonce from script after parsing, so the client renders "" and React skips the attribute.
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}
