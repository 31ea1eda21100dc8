import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { FOREIGN_SIGNING_KEY, TEST_SIGNING_KEY } from './test-keys.js';

export const TEST_AUDIENCE = 'urn:pop:api';

export interface TokenClaims {
  sub: string;
  roles?: string[];
  username?: string;
  /** Defaults to TEST_AUDIENCE. */
  aud?: string;
  /** Defaults to the test issuer. */
  iss?: string;
  /** Seconds from now; negative for an expired token. Defaults to 300. */
  expiresIn?: number;
}

export interface TestIssuer {
  issuer: string;
  /** A token signed with the issuer's published key. */
  sign(claims: TokenClaims): Promise<string>;
  /** A well-formed token signed with a key the issuer never published. */
  signWithForeignKey(claims: TokenClaims): Promise<string>;
  close(): Promise<void>;
}

/**
 * A stand-in for identity-api's token side: an RS256 key pair, and a loopback HTTP server serving
 * the discovery document and the JWKS, so cart-api verifies real tokens over real HTTP.
 */
export async function startTestIssuer(): Promise<TestIssuer> {
  const privateKey = (await importJWK(TEST_SIGNING_KEY, 'RS256')) as CryptoKey;
  const foreign = { privateKey: (await importJWK(FOREIGN_SIGNING_KEY, 'RS256')) as CryptoKey };
  const kid = 'test-key-1';
  // The published half: the private members (d, p, q, dp, dq, qi) left out.
  const { kty, n, e } = TEST_SIGNING_KEY;
  const jwk: JWK = { kty, n, e, kid, alg: 'RS256', use: 'sig' };

  let issuer = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/oidc/.well-known/openid-configuration') {
      send({ issuer, jwks_uri: `${issuer}/jwks` });
    } else if (path === '/oidc/jwks') {
      send({ keys: [jwk] });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oidc`;

  const signWith = (key: CryptoKey, claims: TokenClaims) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ roles: claims.roles ?? [], username: claims.username ?? claims.sub })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? TEST_AUDIENCE)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (claims.expiresIn ?? 300))
      .sign(key);
  };

  return {
    issuer,
    sign: (claims) => signWith(privateKey, claims),
    signWithForeignKey: (claims) => signWith(foreign.privateKey, claims),
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
