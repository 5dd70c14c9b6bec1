// The page's entry: one MarketProvider for the store named by the first label of the host name
// (`demo.localhost` → `demo`), against a sandbox started with `marketkit-sandbox --port 4010`.
import { MarketProvider } from '@marketkit/hooks';
import { createRoot } from 'react-dom/client';
import { Shop } from './shop.tsx';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <MarketProvider servicesHost="http://localhost:4010" store={location.hostname.split('.')[0] || 'demo'}>
      <Shop />
    </MarketProvider>,
  );
}
