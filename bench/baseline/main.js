// The baseline: React 19 rendering one heading, built by Vite in the same run as the storefront. Like
// the storefront's root, it marks <html data-hydrated> in its first effect, once React has committed:
// the bench's hydration gap reads that moment on both (bench/hydration.mjs).
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return createElement('main', null, createElement('h1', null, 'A bare React page'));
}

createRoot(document.getElementById('root')).render(createElement(Page));
