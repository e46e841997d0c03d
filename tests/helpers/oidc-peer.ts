import http from "node:http";
import Provider from "oidc-provider";

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider) on loopback with one client. Its development
 * login form accepts any login; the account's email is `<login>@oidc.example`.
 */
export async function startOidcPeer(port: number, redirectUri: string): Promise<OidcPeer> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "lazy-reefer";
  const clientSecret = "lazy-reefer-test-secret-0123456789";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    cookies: { keys: ["oidc-peer-cookie-key-for-tests-only"] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: `${sub.toLowerCase()}@oidc.example`, email_verified: true, name: `Reefer ${sub}` };
        },
      };
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return { issuer, clientId, clientSecret, close: () => new Promise((r) => server.close(() => r())) };
}
