import { apiClient, call } from 'shared-ui';

/**
 * GET client/duplicate-check/{taxIdWithoutDash}?onError=no-content: the caller's client with this
 * federal tax id, or undefined (204). Silent on failure: the specs show no error for this check.
 */
export const findClientByTaxId = (taxIdWithoutDash: string) =>
  call(
    apiClient.GET('/client/duplicate-check/{taxIdWithoutDash}', {
      params: { path: { taxIdWithoutDash }, query: { onError: 'no-content' } },
    }),
    { silent: true },
  );

export type DuplicateClient = NonNullable<Awaited<ReturnType<typeof findClientByTaxId>>>;
