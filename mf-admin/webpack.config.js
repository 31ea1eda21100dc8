import { createWebpackConfig } from 'shared-ui/webpack';

export default createWebpackConfig({
  dirname: import.meta.dirname,
  name: 'mf_admin',
  exposes: {
    './App': './src/app/App.tsx',
    './OrderManagement': './src/features/orders/components/OrderManagement.tsx',
  },
  devPort: 3103,
  title: 'POP Documents: Admin',
});
