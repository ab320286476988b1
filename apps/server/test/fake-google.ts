import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Google's side of "Sign in with Google", on 127.0.0.1: a JWKS endpoint with our own RSA key, and
 * ID tokens signed with it. Point GOOGLE_JWKS_URL at `jwksUrl`.
 */
export interface FakeGoogle {
  jwksUrl: string;
  clientId: string;
  kid: string;
  /** A signed ID token; claims override the defaults (a verified e-mail, valid for an hour). */
  idToken: (claims?: JWTPayload & Record<string, unknown>, options?: { kid?: string; key?: CryptoKey; alg?: string }) => Promise<string>;
  /** A second key pair that the JWKS does not publish. */
  foreignKey: CryptoKey;
  close: () => Promise<void>;
}

export async function startFakeGoogle(options: { now?: () => Date } = {}): Promise<FakeGoogle> {
  const clientId = 'compass-test.apps.googleusercontent.com';
  const kid = 'test-key-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };

  const server: Server = createServer((request, response) => {
    if (request.url !== '/oauth2/v3/certs') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const now = options.now ?? (() => new Date());

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    kid,
    foreignKey: foreign.privateKey,
    idToken: async (claims = {}, signing = {}) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const payload = {
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: '1000000000000000001',
        email: 'someone@gmail.com',
        email_verified: true,
        name: 'Someone Example',
        iat: issuedAt,
        exp: issuedAt + 3600,
        ...claims,
      };
      return new SignJWT(payload).setProtectedHeader({ alg: signing.alg ?? 'RS256', kid: signing.kid ?? kid, typ: 'JWT' }).sign(signing.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
