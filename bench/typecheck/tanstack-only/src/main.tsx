import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, routes } from './app.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App router={createBrowserRouter(routes)} />);
