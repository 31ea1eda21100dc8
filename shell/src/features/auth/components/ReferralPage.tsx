import { useEffect } from 'react';
import { Navigate, useParams } from 'shared-ui/router';
import { paths } from 'shared-ui';
import { storeReferralId } from '../../../lib/referral.js';

/** /referral/{referralId}: keeps a sane referral id locally (anything else is ignored), then goes to the root. */
export function ReferralPage() {
  const { referralId } = useParams();
  useEffect(() => {
    storeReferralId(referralId);
  }, [referralId]);
  return <Navigate to={paths.home()} replace />;
}
