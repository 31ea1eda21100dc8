// eslint-disable-next-line no-restricted-imports -- the baseline page is built exactly as the apps are
import { createWebpackConfig } from 'shared-ui/webpack';

// The Lighthouse bench's baseline page: the apps' webpack settings, no federation.
export default createWebpackConfig({
  dirname: import.meta.dirname,
  name: 'baseline',
  devPort: 3199,
  title: 'Baseline · POP Documents bench',
  federation: false,
});
