/** `attachment` with the plain name and, for non-ASCII names, RFC 6266's UTF-8 form. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
