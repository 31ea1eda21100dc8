import { createWebpackConfig } from 'shared-ui/webpack';

// The host: no exposes and no remotes at build time (they come from /remotes.json at runtime).
export default createWebpackConfig({
  dirname: import.meta.dirname,
  name: 'shell',
  devPort: 3100,
  title: 'POP Documents',
});
