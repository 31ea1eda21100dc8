import { MASKS } from 'shared-domain/forms';
import type { AppConfig } from 'shared-ui';
import type { AppConfigPayload } from '../api/save-app-config.js';

/** A tutorial video as the editor lists it: a name and its YouTube id (or a pasted YouTube address). */
export interface VideoRow {
  name: string;
  videoId: string;
}

export interface AppConfigFormValues {
  keyEmployee: string;
  hce: string;
  popImplementationGuide: string;
  employeeQuickReferenceGuide: string;
  videos: VideoRow[];
  supportPhone: string;
  supportEmail: string;
}

/** cart-api's limits and forms (AppConfigBody): the server checks them again. */
export const MAX_VIDEOS = 20;
export const DEFINITION_MAX_LENGTH = 4000;
const VIDEO_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLACEHOLDERS = ['hcePayLimit', 'hcePayYear', 'officerLimit', 'officerYear'];

export function formValuesOf(config: AppConfig): AppConfigFormValues {
  return {
    keyEmployee: config.definitions.keyEmployee,
    hce: config.definitions.hce,
    popImplementationGuide: config.links.popImplementationGuide,
    employeeQuickReferenceGuide: config.links.employeeQuickReferenceGuide,
    videos: Object.entries(config.videoIds).map(([name, videoId]) => ({ name, videoId })),
    supportPhone: config.support.phone,
    supportEmail: config.support.email,
  };
}

/**
 * The video id of what was typed: the id itself, or the id of a YouTube address pasted whole
 * (`youtube.com/watch?v=…`, `youtu.be/…`, `youtube.com/embed/…`, `youtube.com/shorts/…`).
 */
export function youtubeId(text: string): string {
  const value = text.trim();
  if (YOUTUBE_ID.test(value)) return value;
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^(www|m)\./, '');
    if (host === 'youtu.be') return url.pathname.slice(1);
    if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
      const v = url.searchParams.get('v');
      if (v) return v;
      const [, kind, id] = url.pathname.split('/');
      if ((kind === 'embed' || kind === 'shorts') && id) return id;
    }
  } catch {
    // Not an address: the id as typed (the check says what is wrong).
  }
  return value;
}

export function payloadOf(values: AppConfigFormValues): AppConfigPayload {
  return {
    definitions: { keyEmployee: values.keyEmployee.trim(), hce: values.hce.trim() },
    links: {
      popImplementationGuide: values.popImplementationGuide.trim(),
      employeeQuickReferenceGuide: values.employeeQuickReferenceGuide.trim(),
    },
    videoIds: Object.fromEntries(values.videos.map((video) => [video.name.trim(), youtubeId(video.videoId)])),
    support: { phone: values.supportPhone.trim(), email: values.supportEmail.trim() },
  };
}

function linkProblem(text: string): string | undefined {
  const value = text.trim();
  if (value === '' || /^\/(?!\/)\S*$/.test(value)) return undefined;
  try {
    if (new URL(value).protocol === 'https:') return undefined;
  } catch {
    // Neither a path nor an address.
  }
  return 'Give an app path (starting with /) or an https:// address, or leave it empty';
}

function definitionProblem(text: string, label: string): string | undefined {
  if (text.trim() === '') return `${label} is required`;
  const unknown = [...text.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1]!)
    .find((name) => !PLACEHOLDERS.includes(name));
  return unknown === undefined ? undefined : `{${unknown}} is not a placeholder`;
}

/** The checks the editor makes before it sends (cart-api checks them again). */
export function validateAppConfig(values: AppConfigFormValues) {
  const errors: Record<string, unknown> = {};
  const keyEmployee = definitionProblem(values.keyEmployee, 'The key employee definition');
  if (keyEmployee) errors.keyEmployee = keyEmployee;
  const hce = definitionProblem(values.hce, 'The HCE definition');
  if (hce) errors.hce = hce;
  for (const key of ['popImplementationGuide', 'employeeQuickReferenceGuide'] as const) {
    const problem = linkProblem(values[key]);
    if (problem) errors[key] = problem;
  }
  const names = new Set<string>();
  const videos = values.videos.map((video) => {
    const rowErrors: Partial<VideoRow> = {};
    const name = video.name.trim();
    if (!VIDEO_NAME.test(name)) {
      rowErrors.name = 'A letter, then letters, digits, - or _ (40 at most)';
    } else if (names.has(name)) rowErrors.name = 'Each video needs a name of its own';
    names.add(name);
    if (!YOUTUBE_ID.test(youtubeId(video.videoId))) {
      rowErrors.videoId = 'A YouTube video id (11 characters) or its YouTube address';
    }
    return rowErrors;
  });
  if (videos.some((row) => Object.keys(row).length > 0)) errors.videos = videos;
  const phone = values.supportPhone.trim();
  if (phone !== '' && !MASKS.phone.pattern.test(phone)) errors.supportPhone = MASKS.phone.message;
  const email = values.supportEmail.trim();
  if (email !== '' && !EMAIL.test(email)) errors.supportEmail = 'Enter an e-mail address';
  return errors;
}
