import type { Role } from './roles.js';

/**
 * Demo accounts that `pnpm start` seeds (never in production). Their ids are fixed so that
 * identity-api's users and cart-api's demo documents and orders agree without talking to each other.
 */
export const DEMO_PASSWORD = 'DemoPass2026';

export interface DemoAccount {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  roles: Role[];
  /** Signs in through the external identity page (the specs' `gsuite` users), not the password form. */
  identityProvider?: 'gsuite';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    userId: '00000000-0000-4000-8000-000000000001',
    username: 'demo.admin',
    email: 'demo.admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    companyName: 'POP Compliance',
    roles: ['admin'],
  },
  {
    userId: '00000000-0000-4000-8000-000000000002',
    username: 'demo.compliance',
    email: 'demo.compliance@example.com',
    firstName: 'Carl',
    lastName: 'Compliance',
    companyName: 'POP Compliance',
    roles: ['compliance'],
  },
  {
    userId: '00000000-0000-4000-8000-000000000003',
    username: 'demo.broker',
    email: 'demo.broker@example.com',
    firstName: 'Bea',
    lastName: 'Broker',
    companyName: 'Bright Benefits Brokerage',
    roles: ['broker'],
  },
  {
    userId: '00000000-0000-4000-8000-000000000004',
    username: 'demo.employer',
    email: 'demo.employer@example.com',
    firstName: 'Eli',
    lastName: 'Employer',
    companyName: 'Evergreen Bakery LLC',
    roles: ['employer'],
  },
  {
    userId: '00000000-0000-4000-8000-000000000005',
    username: 'demo.federated',
    email: 'demo.federated@example.com',
    firstName: 'Fran',
    lastName: 'Federated',
    companyName: 'Fern Valley Farms',
    roles: ['employer'],
    identityProvider: 'gsuite',
  },
];

export function demoAccount(username: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`no demo account ${username}`);
  return account;
}
