/** The client screens' texts (specs/3-admin.md §2 Clients, §4, §8). */
export const CLIENT_MESSAGES = {
  searchLabel: 'Search All Clients',
  noResults: 'No results found',
  noRecent: 'No clients viewed yet',
  confirmRemoveBroker: 'Do you want to remove the broker from this client?',
  brokerRemoved: 'Broker has been removed',
  updated: (name: string) => `${name} has been updated`,
  noChanges: 'No changes recorded',
  noDocuments: 'No documents found',
} as const;
