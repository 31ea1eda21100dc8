// The baseline page of the Lighthouse bench (bench/README.md "Lighthouse"): React 19 and React Router,
// built by shared-ui's webpack configuration without Module Federation, so the app's scores can be
// read against what this machine gives the smallest page of the same stack in the same run.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');
createRoot(root).render(createElement(App));
