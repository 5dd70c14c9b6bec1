import type { LinkComponent } from '@marketkit/ui';
import { Link } from 'react-router';

/** React Router's `Link` as the UI kit's link (`href` → `to`): a client navigation, a plain link without JS. */
export const RouterLink: LinkComponent = ({ href, className, children }) => (
  <Link to={href} {...(className === undefined ? {} : { className })}>
    {children}
  </Link>
);
