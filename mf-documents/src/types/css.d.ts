// Stylesheets are bundled by webpack's css-loader; they export nothing TypeScript needs to see.
declare module '*.css';
