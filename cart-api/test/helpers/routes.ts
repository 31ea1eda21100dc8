import type { RouteOptions } from 'fastify';
import type { Access, Ownership } from 'service-kit';
import type { PartyRecords } from './parties.js';

/** A route as the app registered it: what the authorization matrix and the input sweep walk over. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access;
  ownership: Ownership | 'none';
  schema: {
    params?: JsonSchema;
    querystring?: JsonSchema;
    body?: JsonSchema;
  };
}

export type JsonSchema = Record<string, unknown>;

export const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** An `onRoute` hook for buildTestApp that fills `routes`, keyed `METHOD path`. */
export function routeCollector(routes: Map<string, RegisteredRoute>) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue; // Fastify's automatic twin of each GET
      // A prefix's root is registered as both `/order` and `/order/`: one route.
      const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
      routes.set(keyOf({ method, url }), {
        method,
        url,
        access: route.config!.access!,
        ownership: route.config!.ownership!,
        schema: (route.schema ?? {}) as RegisteredRoute['schema'],
      });
    }
  };
}

/** Which id of a party's records a route's ownership resource names. */
export const RECORD_OF: Record<string, keyof PartyRecords> = {
  user: 'userId',
  document: 'documentId',
  'cart-item': 'cartItemId',
  order: 'orderId',
  'action-item': 'actionItemId',
  client: 'companyId',
  company: 'companyId',
  'user-link': 'companyId',
  receipt: 'orderId',
  discount: 'discountId',
  'archive-item': 'archiveId',
  'ndt-result': 'ndtResultId',
};
