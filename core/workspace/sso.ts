/** The single sign-on protocols a workspace's identity provider speaks (decisions 0045 and 0070). */
export const SSO_PROTOCOLS = ["oidc", "saml"] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];
