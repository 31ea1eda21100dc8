import { createWebpackConfig } from 'shared-ui/webpack';

export default createWebpackConfig({
  dirname: import.meta.dirname,
  name: 'mf_ordering',
  exposes: {
    './App': './src/app/App.tsx',
    './CartMenu': './src/app/exposes/CartMenu.tsx',
    './PurchaseCard': './src/app/exposes/PurchaseCard.tsx',
    './SavedForLaterNotice': './src/app/exposes/SavedForLaterNotice.tsx',
  },
  devPort: 3101,
  title: 'Ordering',
});
