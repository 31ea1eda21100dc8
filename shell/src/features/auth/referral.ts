/** Where /referral/{referralId} keeps the referral id (sent with account creation and login). */
export const REFERRAL_ID_KEY = 'referralId';
