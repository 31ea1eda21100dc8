import type { PageViewPayload } from 'shared-domain';
import { Type, type Static } from 'service-kit';
import type { Assert, Same } from '../lib/contract.js';

export const PageViewBody = Type.Object(
  {
    // A path of the app, never a query string (it could carry a one-time token).
    path: Type.String({ minLength: 1, maxLength: 2048, pattern: '^/[^?#\\s]*$', examples: ['/orders'] }),
  },
  { additionalProperties: false },
);

export type _PageViewBodyIsShared = Assert<Same<Static<typeof PageViewBody>, PageViewPayload>>;
