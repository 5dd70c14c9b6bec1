// The baseline: React 19 rendering one heading, built by Vite in the same run as the storefront.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  createElement('main', null, createElement('h1', null, 'A bare React page')),
);
