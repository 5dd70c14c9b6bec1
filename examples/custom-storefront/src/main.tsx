// The entry: the store in VITE_STORE (default `demo`), against
// a sandbox started with `npm run sandbox` (or the services host in VITE_SERVICES_HOST).
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, routes } from './app.tsx';
import './styles.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <App
      router={createBrowserRouter(routes)}
      servicesHost={import.meta.env.VITE_SERVICES_HOST ?? 'http://localhost:4010'}
      store={import.meta.env.VITE_STORE ?? 'demo'}
    />,
  );
