import { describe, expect, it } from '@jest/globals';
import { Type, type Static } from 'typebox';
import { LiteralUnion } from '../src/index.js';

const COLOURS = ['red', 'green', 'blue'] as const;
type Colour = (typeof COLOURS)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('LiteralUnion', () => {
  it('is the union of one literal per value, in order, typed by the array', () => {
    const schema = LiteralUnion(COLOURS, { description: 'a colour' });
    const typed: Same<Static<typeof schema>, Colour> = true;

    expect(typed).toBe(true);
    expect(schema).toEqual(
      Type.Union([Type.Literal('red'), Type.Literal('green'), Type.Literal('blue')], {
        description: 'a colour',
      }),
    );
  });
});
