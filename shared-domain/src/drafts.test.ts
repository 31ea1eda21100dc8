import { describe, expect, it } from '@jest/globals';
import { draftFormKey } from './drafts.js';

describe("the order form's draft key", () => {
  it("names the form by the route's record, and no draft for an id cart-api never made", () => {
    const id = '0b7f1c3e-2a4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(draftFormKey('new', undefined)).toBe('new');
    expect(draftFormKey('new', id)).toBe(`new:${id}`);
    expect(draftFormKey('renew', id)).toBe(`renew:${id}`);
    expect(draftFormKey('document', 'not-an-id')).toBeNull();
    expect(draftFormKey('document', undefined)).toBeNull();
  });
});
