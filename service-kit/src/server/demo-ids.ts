import { createHash } from 'node:crypto';

/**
 * cart-api's demo rows have stable uuid-shaped ids derived from a name ('partner colonial', 'client
 * Acme Landscaping Inc'), so a second seed finds the rows of the first and the journeys can open a
 * demo record by name.
 */
export function demoId(name: string): string {
  const hex = createHash('sha1').update(`cart-api demo ${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
