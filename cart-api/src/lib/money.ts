/** The database keeps integer cents (no float drift in sums); the API speaks dollars. */
export const toDollars = (cents: number): number => Number(cents) / 100;
