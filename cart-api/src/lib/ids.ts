/** Params schema for ids this service creates (uuid text). */
export const uuidParam = { type: 'string', format: 'uuid' } as const;

/**
 * Params schema for identity-api's user ids: opaque to cart-api, so only their shape is bounded
 * (ownership is then decided by comparing with the token's `sub`).
 */
export const userIdParam = { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' } as const;

export const userIdParams = {
  type: 'object',
  properties: { userId: userIdParam },
  required: ['userId'],
} as const;
