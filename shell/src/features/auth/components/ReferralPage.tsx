import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { REFERRAL_ID_KEY } from '../referral.js';

/** /referral/{referralId}: keeps the referral id locally, then goes to the root. */
export function ReferralPage() {
  const { referralId } = useParams();
  useEffect(() => {
    if (referralId) localStorage.setItem(REFERRAL_ID_KEY, referralId);
  }, [referralId]);
  return <Navigate to="/" replace />;
}
