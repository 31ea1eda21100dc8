import type { SessionUser } from '../api/bff.js';

/** The signed-in users the tests answer GET /bff/user with. */
export const broker: SessionUser = {
  userId: 'u-broker',
  username: 'demo.broker',
  email: 'broker@example.com',
  firstName: 'Demo',
  lastName: 'Broker',
  fullName: 'Demo Broker',
  role: 'broker',
  roles: ['broker'],
  roleGroup: 'broker',
};

export const employer: SessionUser = {
  ...broker,
  userId: 'u-employer',
  username: 'demo.employer',
  role: 'employer',
  roles: ['employer'],
  roleGroup: 'epop',
};

export const compliance: SessionUser = {
  ...broker,
  userId: 'u-compliance',
  username: 'demo.compliance',
  role: 'compliance',
  roles: ['compliance'],
  roleGroup: 'compliance',
};
