import { FIELD_MESSAGES } from 'shared-domain';

/** The action items' catalogue (README "Where a rule lives"): a missing item, and the invite's invitee. */
export const ACTION_ITEMS_MESSAGES = {
  notFound: 'Action item not found',
  /** 'Send Invite' / 'Invite to Purchase' (specs/2-documents.md §4 "Invite"): the invitee's fields. */
  invitee: {
    firstNameRequired: FIELD_MESSAGES.required('First name'),
    lastNameRequired: FIELD_MESSAGES.required('Last name'),
    companyNameRequired: FIELD_MESSAGES.required('Company name'),
  },
  /** The invitation's link (`POST action-item/claim`, README "Invitations"). */
  invitation: {
    invalidLink:
      'This invitation link is invalid, has been accepted by another account or has expired. Please ask for a new invitation',
    ownInvitation:
      'You sent this invitation: the person you invited accepts it by opening the link with their own account',
  },
} as const;
