/** Where the referral code of a business signup link (`/business/signup?ucc=`) is kept until registering. */
export const referralCodeKey = 'ucc'
