import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { storeReferralId } from '../../../lib/referral.js';

/** /referral/{referralId}: keeps the referral id locally, then goes to the root. */
export function ReferralPage() {
  const { referralId } = useParams();
  useEffect(() => {
    if (referralId) storeReferralId(referralId);
  }, [referralId]);
  return <Navigate to="/" replace />;
}
