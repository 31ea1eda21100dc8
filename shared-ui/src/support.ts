import { useAppConfig } from './api/reads.js';

/** How users reach customer support: what compliance configures in Utilities ('' where nothing is set). */
export interface SupportContact {
  phone: string;
  email: string;
}

/**
 * The support phone and e-mail of the app configuration (`GET system-message/config/app`, public):
 * the error window and Contact Us show them. Silent, like every read of the configuration: without
 * it they say to contact support, without the number.
 */
export function useSupportContact(): SupportContact {
  const { data } = useAppConfig();
  return { phone: data?.support?.phone ?? '', email: data?.support?.email ?? '' };
}

/** A `tel:` link of a phone number as shown, `(000) 000-0000` → `tel:0000000000`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
