import type { SystemMessagePayload } from '../api/create-system-message.js';
import type { ManagedSystemMessage } from '../api/get-system-messages.js';

export type MessageLocation = SystemMessagePayload['location'];
export type MessageLevel = SystemMessagePayload['style'];

/** The editor's fields: each end of the window as a date (YYYY-MM-DD, DateField's) and an optional time. */
export interface SystemMessageFormValues {
  location: MessageLocation;
  message: string;
  style: MessageLevel;
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
  active: boolean;
}

/** cart-api's limit of a message (SystemMessageBody). */
export const MESSAGE_MAX_LENGTH = 1000;

export const BLANK_SYSTEM_MESSAGE: SystemMessageFormValues = {
  location: 'login',
  message: '',
  style: 'info',
  fromDate: '',
  fromTime: '',
  toDate: '',
  toTime: '',
  active: true,
};

/** `2026-03-10T20:00` → date and time; `2026-03-10` → the date alone; null → neither. */
function splitBound(bound: string | null): { date: string; time: string } {
  if (!bound) return { date: '', time: '' };
  const [date = '', time = ''] = bound.split('T');
  return { date, time };
}

const joinBound = (date: string, time: string): string | null =>
  date === '' ? null : time === '' ? date : `${date}T${time}`;

export function formValuesOf(message: ManagedSystemMessage): SystemMessageFormValues {
  const from = splitBound(message.from);
  const to = splitBound(message.to);
  return {
    location: message.location,
    message: message.message,
    style: message.style,
    fromDate: from.date,
    fromTime: from.time,
    toDate: to.date,
    toTime: to.time,
    active: message.active,
  };
}

/** The body cart-api takes: each end a day or a day and a time (New York time), or null. */
export function payloadOf(values: SystemMessageFormValues): SystemMessagePayload {
  return {
    location: values.location,
    message: values.message.trim(),
    style: values.style,
    from: joinBound(values.fromDate, values.fromTime),
    to: joinBound(values.toDate, values.toTime),
    active: values.active,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The checks the editor makes before it sends (cart-api checks them again, and the window exactly). */
export function validateSystemMessage(values: SystemMessageFormValues) {
  const errors: Partial<Record<keyof SystemMessageFormValues, string>> = {};
  if (values.message.trim() === '') errors.message = 'Message is required';
  else if (values.message.trim().length > MESSAGE_MAX_LENGTH) {
    errors.message = `Message must be at most ${MESSAGE_MAX_LENGTH} characters`;
  }
  if (values.fromTime !== '' && values.fromDate === '') errors.fromDate = 'Give the From date of this time';
  if (values.toTime !== '' && values.toDate === '') errors.toDate = 'Give the To date of this time';
  // A text that names no date is DateField's own error; only two dates are compared.
  if (ISO_DATE.test(values.fromDate) && ISO_DATE.test(values.toDate)) {
    const from = `${values.fromDate}T${values.fromTime || '00:00'}`;
    const to = `${values.toDate}T${values.toTime || '23:59'}`;
    if (to < from) errors.toDate = 'To must not be before From';
  }
  return errors;
}

/** A window as the list shows it: `03/10/2026 8:00 PM` or `03/10/2026`; '' when open. */
export function windowBound(bound: string | null): string {
  if (!bound) return '';
  const { date, time } = splitBound(bound);
  const day = `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
  if (time === '') return day;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${day} ${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
