import { describe, expect, it } from '@jest/globals';
import { findSecrets, jwtsIn } from './secrets.js';

const readable = (text: string) => [{ source: 'here', text }];

describe('findSecrets', () => {
  it('finds a secret standing as a whole token, in words, JSON, a sentence or a line of its own', () => {
    for (const text of ['CVV 0417.', '{"cvv":"0417"}', 'code: 0417\n', '(0417)', 'card=0417&x']) {
      expect([text, findSecrets(readable(text), ['0417'])]).toEqual([
        text,
        [{ source: 'here', secret: '0417' }],
      ]);
    }
  });

  it('finds nothing inside a longer number, a word, a UUID, an amount or a base64 run', () => {
    for (const text of [
      '10417',
      '04170',
      'x0417',
      '0417a',
      'b1e2-0417-4c1d',
      '$0417.00',
      '0417_x',
      'QkF0417Zm',
    ]) {
      expect([text, findSecrets(readable(text), ['0417'])]).toEqual([text, []]);
    }
  });
});

describe('jwtsIn', () => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const jwt = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ sub: 'u1' })}.c2lnbmF0dXJl`;

  it('finds a JSON Web Token wherever it stands', () => {
    expect(jwtsIn(`{"token":"${jwt}"}`)).toEqual([jwt]);
    expect(jwtsIn(`Authorization: Bearer ${jwt}\n`)).toEqual([jwt]);
  });

  it('finds none in a random id that happens to hold eyJ and dots', () => {
    expect(jwtsIn('sid=AeyJk3x.eyJq9.zz; Path=/')).toEqual([]);
    expect(jwtsIn('eyJhbGciOiJIUzI1NiJ9.notjson.sig')).toEqual([]);
  });
});
