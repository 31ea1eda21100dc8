import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebpackConfig } from 'shared-ui/webpack';

const factory = createWebpackConfig({
  dirname: path.dirname(fileURLToPath(import.meta.url)),
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

/**
 * The 'source' export condition is meant for our workspace packages only: libraries in
 * node_modules that publish a 'source' condition (react-bootstrap's @react-aria/ssr) would be
 * bundled from untranspiled TypeScript. So it applies to requests made by our own code.
 */
function sourceConditionForWorkspaceOnly(config) {
  const conditionNames = (config.resolve?.conditionNames ?? []).filter((name) => name !== 'source');
  return {
    ...config,
    resolve: { ...config.resolve, conditionNames: conditionNames.length > 0 ? conditionNames : ['...'] },
    module: {
      ...config.module,
      rules: [
        ...(config.module?.rules ?? []),
        { exclude: /node_modules/, resolve: { conditionNames: ['source', '...'] } },
      ],
    },
  };
}

export default (env, argv) => sourceConditionForWorkspaceOnly(factory(env, argv));
