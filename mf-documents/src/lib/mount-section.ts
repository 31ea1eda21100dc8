/**
 * The section of the site a remote's App is rendering for, from the absolute pathname.
 *
 * The shell mounts the App under several routes (/basket, /checkout, /orders/*); there the part of
 * the path the App sees is relative to that mount point, so /basket and /checkout both arrive as
 * "/". The first segment of the absolute path tells them apart.
 */
export function mountSection<S extends string>(pathname: string, sections: readonly S[]): S | undefined {
  const first = pathname.split('/').find((segment) => segment !== '');
  return sections.find((section) => section === first);
}
