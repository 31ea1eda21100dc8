import { api, useApi } from 'shared-ui';

/** GET order/{orderId}/receipt answers the receipt as server-rendered markup (§7). */
const receiptPath = (orderId: string) => `order/${orderId}/receipt`;

/** The markup may arrive as text or wrapped in a JSON object; both are accepted. */
export type ReceiptAnswer = string | { receipt?: string; html?: string; markup?: string } | null;

export function receiptMarkup(answer: ReceiptAnswer | undefined): string | undefined {
  if (answer === undefined) return undefined;
  if (answer === null) return '';
  if (typeof answer === 'string') return answer;
  return answer.receipt ?? answer.html ?? answer.markup ?? '';
}

export const getReceipt = async (orderId: string) =>
  receiptMarkup(await api.get<ReceiptAnswer>(receiptPath(orderId)));

export function useReceipt(orderId: string | undefined) {
  const response = useApi<ReceiptAnswer>(orderId ? receiptPath(orderId) : null);
  return { ...response, markup: receiptMarkup(response.data) };
}
