import {
  apiClient,
  ApiError,
  call,
  queryKey,
  reportError,
  useQuery,
  type FirstTimeSetupPayload,
} from 'shared-ui';

/** GET temporary-user-token?token= (public): the invited user behind a setup link. */
export function getTemporaryUserToken(token: string) {
  return call(apiClient.GET('/temporary-user-token', { params: { query: { token } } }), { silent: true });
}

/**
 * The setup link's user. A refused link (4xx) is the page's own message (no toast); a server error or
 * no response is reported like any other call.
 */
export function useTemporaryUserToken(token: string | undefined) {
  return useQuery(token ? queryKey('/temporary-user-token', token) : null, () =>
    getTemporaryUserToken(token!).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === null || error.status >= 500)) reportError(error);
      throw error;
    }),
  );
}

/** POST user/{userId}/token/{token} (public): sets the password and consumes the link. */
export const completeFirstTimeSetup = (token: string, payload: FirstTimeSetupPayload) =>
  call(
    apiClient.POST('/user/{userId}/token/{token}', {
      params: { path: { userId: payload.userId ?? '', token } },
      body: payload,
    }),
  );
