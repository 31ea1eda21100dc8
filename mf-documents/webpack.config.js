import { createWebpackConfig } from 'shared-ui/webpack';

export default createWebpackConfig({
  dirname: import.meta.dirname,
  name: 'mf_documents',
  exposes: {
    './App': './src/app/App.tsx',
    './DocumentList': './src/app/exposes/DocumentList.tsx',
    './ActionItems': './src/app/exposes/ActionItems.tsx',
  },
  devPort: 3102,
  title: 'Documents',
});
